/** The unit each metric family is stored in. */
export function unitOf(metric: string): "minutes" | "percent" {
  return metric === "STRETCHER_OCCUPANCY" ? "percent" : "minutes";
}
