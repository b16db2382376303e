import type { Hospital, Province } from "../../../shared/waittimes/schemas";

// A light shape check of GET /api/hospitals, so a bad answer is never written to the device.
// (The full zod schema stays on the server: it would add its weight to this chunk.)
export const PROVINCE_CODES: readonly Province[] = ["ON", "QC", "AB", "BC"];

export function isProvince(value: unknown): value is Province {
  return typeof value === "string" && (PROVINCE_CODES as readonly string[]).includes(value);
}

function isLatest(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  const l = value as Record<string, unknown>;
  return typeof l.value === "number" && typeof l.observed_at === "string" && typeof l.unit === "string";
}

function isHospital(value: unknown): value is Hospital {
  if (typeof value !== "object" || value === null) return false;
  const h = value as Record<string, unknown>;
  return (
    typeof h.id === "string" &&
    typeof h.name === "string" &&
    isProvince(h.province) &&
    typeof h.city === "string" &&
    typeof h.methodology === "object" &&
    h.methodology !== null &&
    typeof h.cadence_seconds === "number" &&
    isLatest(h.latest)
  );
}

/** Returns the hospitals of the envelope (all of `province`, when given), or throws naming what was wrong. */
export function parseHospitalList(body: unknown, province?: Province): Hospital[] {
  const envelope = body as { success?: unknown; data?: unknown } | null;
  if (envelope?.success !== true || !Array.isArray(envelope.data)) {
    throw new Error("hospital list: expected {success: true, data: [...]}");
  }
  const bad = envelope.data.findIndex((h) => !isHospital(h) || (province && h.province !== province));
  if (bad !== -1)
    throw new Error(`hospital list: record ${bad} is malformed or outside ${province ?? "the provinces"}`);
  return envelope.data as Hospital[];
}
