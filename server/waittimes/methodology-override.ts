/**
 * Per-hospital methodology overrides: a hospital inherits its source's methodology unless a field
 * is set for it (e.g. a site that publishes a median while its province uses a mean). An override
 * is a dated change: it holds from `from` on, readings observed before keep the methodology in
 * force then, and the history is only added to (a correction of a past change is a new entry with
 * its own date, recorded with who entered it and when).
 */

import {
  END_EVENTS,
  METRIC_FAMILIES,
  type Methodology,
  START_EVENTS,
  STATISTIC_TYPES,
} from "../../shared/waittimes/schemas.js";
import { findHospital, loadRegistry, methodologyAt } from "./hospital-registry.js";
import type { MethodologyOverride, WaittimesRepository } from "./repository.js";

const ALLOWED: Record<keyof Methodology, readonly string[]> = {
  metric_family: METRIC_FAMILIES,
  start_event: START_EVENTS,
  end_event: END_EVENTS,
  statistic_type: STATISTIC_TYPES,
};

export interface OverrideOptions {
  /** Epoch seconds the change holds from; default `now`. Never after `now`. */
  from?: number;
  /** Who entered it (the CLI: the operator's user name). */
  by: string;
  /** Epoch seconds; default the system clock. */
  now?: number;
}

/** Parses the CLI's `--from YYYY-MM-DD` (midnight UTC of that day) to epoch seconds. */
export function parseFromDate(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== text)
    throw new Error(`--from must be a date written YYYY-MM-DD, not "${text}"`);
  return t / 1000;
}

/**
 * Sets (or with `null`, clears back to the source's value) methodology fields of one hospital from
 * `opts.from` on; the fields not given keep the value in force at that moment.
 */
export async function setMethodologyOverride(
  repo: WaittimesRepository,
  hospitalRef: string,
  fields: Partial<Record<keyof Methodology, string | null>>,
  opts: OverrideOptions,
) {
  const h = findHospital(await loadRegistry(repo), hospitalRef);
  if (!h) throw new Error(`no hospital with id or slug "${hospitalRef}"`);
  const entries = Object.entries(fields) as [keyof Methodology, string | null][];
  for (const [field, value] of entries) {
    if (!(field in ALLOWED)) throw new Error(`unknown methodology field "${field}"`);
    if (value !== null && !ALLOWED[field].includes(value))
      throw new Error(`${field} must be one of ${ALLOWED[field].join(", ")}`);
  }
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const from = opts.from ?? now;
  if (!Number.isFinite(from) || from > now)
    throw new Error("a methodology change cannot take effect in the future: give today or an earlier date");
  const override: MethodologyOverride = { ...methodologyAt(h, from).override };
  for (const [field, value] of entries) (override as Record<string, string | null>)[field] = value;
  await repo.addMethodologyChange({
    hid: h.hid,
    effective_from: from,
    override,
    entered_at: now,
    entered_by: opts.by,
  });
  return findHospital(await loadRegistry(repo), h.id)!;
}
