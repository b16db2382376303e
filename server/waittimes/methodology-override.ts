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
import type { Store } from "../db/types.js";
import { bumpDataVersion } from "./data-version.js";
import { findHospital, invalidateRegistry, loadRegistry } from "./hospital-registry.js";

const ALLOWED: Record<keyof Methodology, readonly string[]> = {
  metric_family: METRIC_FAMILIES,
  start_event: START_EVENTS,
  end_event: END_EVENTS,
  statistic_type: STATISTIC_TYPES,
};

/** Sets (or with `null`, clears back to the source's value) methodology fields of one hospital. */
export async function setMethodologyOverride(
  store: Store,
  hospitalRef: string,
  fields: Partial<Record<keyof Methodology, string | null>>,
) {
  const h = findHospital(loadRegistry(store), hospitalRef);
  if (!h) throw new Error(`no hospital with id or slug "${hospitalRef}"`);
  const entries = Object.entries(fields) as [keyof Methodology, string | null][];
  for (const [field, value] of entries) {
    if (!(field in ALLOWED)) throw new Error(`unknown methodology field "${field}"`);
    if (value !== null && !ALLOWED[field].includes(value))
      throw new Error(`${field} must be one of ${ALLOWED[field].join(", ")}`);
  }
  await store.write((tx) => {
    for (const [field, value] of entries)
      tx.run(`UPDATE hospitals SET ${field} = ? WHERE hid = ?`, [value, h.hid]);
  });
  invalidateRegistry(store);
  bumpDataVersion(store);
  return findHospital(loadRegistry(store), h.id)!;
}
