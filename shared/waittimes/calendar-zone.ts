/**
 * The time zone whose days, weeks and months a province's figures are counted in (trends,
 * benchmarks, data-quality coverage), so that a reading at 8 p.m. in Vancouver falls on that day
 * there, not on the next UTC day. Quebec keeps Eastern time (Toronto's rules). Ontario publishes a
 * monthly table whose months are stamped at their first instant in UTC: a label for the month
 * rather than a moment, so its calendar is UTC and each figure stays in the month it names.
 */
import type { Province } from "./schemas.js";

export const CALENDAR_ZONE: Record<Province, string> = {
  AB: "America/Edmonton",
  BC: "America/Vancouver",
  ON: "UTC",
  QC: "America/Toronto",
};
