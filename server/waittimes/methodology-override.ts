/**
 * Per-hospital methodology overrides: a hospital inherits its source's methodology unless a field
 * is set on the hospital row (e.g. a site that publishes a median while its province uses a mean).
 */

import {
  END_EVENTS,
  METRIC_FAMILIES,
  type Methodology,
  START_EVENTS,
  STATISTIC_TYPES,
} from "../../shared/waittimes/schemas.js";
import { findHospital, loadRegistry } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";

const ALLOWED: Record<keyof Methodology, readonly string[]> = {
  metric_family: METRIC_FAMILIES,
  start_event: START_EVENTS,
  end_event: END_EVENTS,
  statistic_type: STATISTIC_TYPES,
};

/** Sets (or with `null`, clears back to the source's value) methodology fields of one hospital. */
export async function setMethodologyOverride(
  repo: WaittimesRepository,
  hospitalRef: string,
  fields: Partial<Record<keyof Methodology, string | null>>,
) {
  const h = findHospital(await loadRegistry(repo), hospitalRef);
  if (!h) throw new Error(`no hospital with id or slug "${hospitalRef}"`);
  const entries = Object.entries(fields) as [keyof Methodology, string | null][];
  for (const [field, value] of entries) {
    if (!(field in ALLOWED)) throw new Error(`unknown methodology field "${field}"`);
    if (value !== null && !ALLOWED[field].includes(value))
      throw new Error(`${field} must be one of ${ALLOWED[field].join(", ")}`);
  }
  await repo.setHospitalMethodology(h.hid, fields);
  return findHospital(await loadRegistry(repo), h.id)!;
}
