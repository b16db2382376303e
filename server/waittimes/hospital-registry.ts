/**
 * In-memory view of the hospitals and their sources, resolved by id, alias or feed name.
 */

import { foldAccents } from "../../shared/text/fold.js";
import type { Hospital, Methodology } from "../../shared/waittimes/schemas.js";
import type {
  MethodologyChange,
  MethodologyOverride,
  SourceRecord,
  StoredHospital,
  WaittimesRepository,
} from "./repository.js";

export type { SourceRecord };

/** One stretch of a hospital's history measured one way: from `from` (null: its first reading) to the next. */
export interface MethodologyPeriod {
  from: number | null;
  methodology: Methodology;
  override: MethodologyOverride;
}

export interface HospitalRecord extends Hospital {
  hid: number;
  /**
   * How the hospital measured its waits over time, oldest first; never empty. `methodology` is the
   * last one's (the one in force now). A reading keeps the methodology in force when it was observed.
   */
  methodology_history: MethodologyPeriod[];
}

const sameMethodology = (a: Methodology, b: Methodology) =>
  a.metric_family === b.metric_family &&
  a.start_event === b.start_event &&
  a.end_event === b.end_event &&
  a.statistic_type === b.statistic_type;

/** The periods of one hospital: its row's methodology, then each dated change (a change to the same methodology is no new period). */
function methodologyHistory(
  source: Methodology,
  base: MethodologyOverride,
  changes: MethodologyChange[],
): MethodologyPeriod[] {
  const resolve = (o: MethodologyOverride): Methodology => ({
    metric_family: o.metric_family ?? source.metric_family,
    start_event: o.start_event ?? source.start_event,
    end_event: o.end_event ?? source.end_event,
    statistic_type: o.statistic_type ?? source.statistic_type,
  });
  // In force order; of two changes from the same moment, the one entered later holds.
  const steps: { from: number | null; override: MethodologyOverride }[] = [{ from: null, override: base }];
  for (const c of changes) {
    if (steps[steps.length - 1].from === c.effective_from) steps.pop();
    steps.push({ from: c.effective_from, override: c.override });
  }
  const periods: MethodologyPeriod[] = [];
  for (const step of steps) {
    const methodology = resolve(step.override);
    const last = periods[periods.length - 1];
    // A change to the methodology already in force starts no new period.
    if (last && sameMethodology(last.methodology, methodology)) last.override = step.override;
    else
      periods.push({ from: periods.length === 0 ? null : step.from, methodology, override: step.override });
  }
  return periods;
}

/** The period in force at `t` (epoch seconds). */
export function methodologyAt(h: HospitalRecord, t: number): MethodologyPeriod {
  let hit = h.methodology_history[0];
  for (const p of h.methodology_history) if (p.from === null || p.from <= t) hit = p;
  return hit;
}

/** When the period in force at `t` ends (the next change), or null while it is the current one. */
export function methodologyUntil(h: HospitalRecord, t: number): number | null {
  for (const p of h.methodology_history) if (p.from !== null && p.from > t) return p.from;
  return null;
}

export interface Registry {
  hospitals: HospitalRecord[];
  sources: Map<string, SourceRecord>;
  byKey: Map<string, HospitalRecord>;
  byHid: Map<number, HospitalRecord>;
}

/** Lower-case, accents folded, punctuation to single spaces: how feed names are matched. */
export function normalizeName(name: string): string {
  return foldAccents(name)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Builds the in-memory view: each hospital with its effective methodology, sorted by name. */
export function buildRegistry(
  sourceList: SourceRecord[],
  stored: StoredHospital[],
  changes: MethodologyChange[] = [],
): Registry {
  const sources = new Map(sourceList.map((s) => [s.id, s]));
  const changesOf = new Map<number, MethodologyChange[]>();
  for (const c of changes) {
    if (!changesOf.has(c.hid)) changesOf.set(c.hid, []);
    changesOf.get(c.hid)!.push(c);
  }
  const hospitals: HospitalRecord[] = stored.map((h) => {
    const src = sources.get(h.source_id)!;
    const history = methodologyHistory(src.methodology, h.override, changesOf.get(h.hid) ?? []);
    const current = history[history.length - 1];
    // Field order as the API has always shown it.
    return {
      hid: h.hid,
      id: h.id,
      name: h.name,
      province: h.province,
      city: h.city,
      address: h.address,
      phone: h.phone,
      latitude: h.latitude,
      longitude: h.longitude,
      aliases: h.aliases,
      source_id: h.source_id,
      source_name: src.name,
      methodology: current.methodology,
      methodology_overridden: Object.values(current.override).some((v) => v !== null),
      cadence_seconds: src.cadence_seconds,
      provenance: h.provenance,
      methodology_history: history,
    };
  });
  // By name as a reader expects it: accents and case do not change the order ("Hôpital" beside "Hopital").
  const collator = new Intl.Collator("en", { sensitivity: "base" });
  hospitals.sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  const byKey = new Map<string, HospitalRecord>();
  for (const h of hospitals) {
    byKey.set(h.id, h);
    for (const a of h.aliases) byKey.set(a, h);
  }
  return { hospitals, sources, byKey, byHid: new Map(hospitals.map((h) => [h.hid, h])) };
}

const loaded = new WeakMap<WaittimesRepository, { version: number; registry: Promise<Registry> }>();

/** The registry, rebuilt only when the data version moved (a few hundred rows, read on every request). */
export async function loadRegistry(repo: WaittimesRepository): Promise<Registry> {
  const version = await repo.dataVersion();
  const hit = loaded.get(repo);
  if (hit && hit.version === version) return hit.registry;
  const registry = Promise.all([
    repo.listSources(),
    repo.listHospitals(),
    repo.listMethodologyChanges(),
  ]).then(([s, h, c]) => buildRegistry(s, h, c));
  loaded.set(repo, { version, registry });
  registry.catch(() => loaded.delete(repo));
  return registry;
}

export function findHospital(registry: Registry, idOrSlug: string): HospitalRecord | undefined {
  return registry.byKey.get(idOrSlug.trim().toLowerCase());
}

/** Public shape: the registry row without the internal key and history. */
export function publicHospital(h: HospitalRecord): Hospital {
  const { hid: _hid, methodology_history: _history, ...rest } = h;
  return rest;
}

/** Resolves a feed's references (codes, names) to a hospital of the given source. */
export function matchFeedHospital(
  registry: Registry,
  sourceId: string,
  refs: string[],
): HospitalRecord | undefined {
  for (const ref of refs) {
    const direct = findHospital(registry, ref);
    if (direct && direct.source_id === sourceId) return direct;
  }
  for (const ref of refs) {
    const norm = normalizeName(ref);
    // Slug form of the feed name, as our ids are built ("ca-on-hopital-montfort").
    const province = registry.sources.get(sourceId)?.province.toLowerCase();
    const bySlug = registry.byKey.get(`ca-${province}-${norm.replace(/ /g, "-")}`);
    if (bySlug && bySlug.source_id === sourceId) return bySlug;
    const byName = registry.hospitals.find((h) => h.source_id === sourceId && normalizeName(h.name) === norm);
    if (byName) return byName;
  }
  return undefined;
}
