/**
 * In-memory view of the hospitals and their sources, resolved by id, alias or feed name.
 */

import { foldAccents } from "../../shared/text/fold.js";
import type { Hospital } from "../../shared/waittimes/schemas.js";
import type { SourceRecord, StoredHospital, WaittimesRepository } from "./repository.js";

export type { SourceRecord };

export interface HospitalRecord extends Hospital {
  hid: number;
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
export function buildRegistry(sourceList: SourceRecord[], stored: StoredHospital[]): Registry {
  const sources = new Map(sourceList.map((s) => [s.id, s]));
  const hospitals: HospitalRecord[] = stored.map((h) => {
    const { override } = h;
    const src = sources.get(h.source_id)!;
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
      methodology: {
        metric_family: override.metric_family ?? src.methodology.metric_family,
        start_event: override.start_event ?? src.methodology.start_event,
        end_event: override.end_event ?? src.methodology.end_event,
        statistic_type: override.statistic_type ?? src.methodology.statistic_type,
      },
      methodology_overridden: Object.values(override).some((v) => v !== null),
      cadence_seconds: src.cadence_seconds,
      provenance: h.provenance,
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
  const registry = Promise.all([repo.listSources(), repo.listHospitals()]).then(([s, h]) =>
    buildRegistry(s, h),
  );
  loaded.set(repo, { version, registry });
  registry.catch(() => loaded.delete(repo));
  return registry;
}

export function findHospital(registry: Registry, idOrSlug: string): HospitalRecord | undefined {
  return registry.byKey.get(idOrSlug.trim().toLowerCase());
}

/** Public shape: the registry row without the internal key. */
export function publicHospital(h: HospitalRecord): Hospital {
  const { hid: _hid, ...rest } = h;
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
