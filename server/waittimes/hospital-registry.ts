/**
 * In-memory view of the hospitals and sources tables (a few hundred rows, read on every request):
 * loaded once per store and resolved by id, alias or feed name.
 */

import type { Hospital } from "../../shared/waittimes/schemas.js";
import type { Reader } from "../db/types.js";
import type { ReferenceSource } from "./registry.js";

/** A source row as stored: the same fields as the shipped reference. */
export type SourceRecord = ReferenceSource;

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
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const cache = new WeakMap<object, Registry>();

export function loadRegistry(reader: Reader): Registry {
  const cached = cache.get(reader);
  if (cached) return cached;
  const sources = new Map<string, SourceRecord>();
  for (const s of reader.all<Record<string, never>>("SELECT * FROM sources ORDER BY id")) {
    sources.set(s.id, <SourceRecord>(<unknown>{
      ...(s as object),
      methodology: {
        metric_family: s.metric_family,
        start_event: s.start_event,
        end_event: s.end_event,
        statistic_type: s.statistic_type,
      },
    }));
  }
  const hospitals: HospitalRecord[] = reader
    .all<Record<string, never>>("SELECT * FROM hospitals")
    .map((h) => {
      const src = sources.get(h.source_id)!;
      const override =
        h.metric_family !== null ||
        h.start_event !== null ||
        h.end_event !== null ||
        h.statistic_type !== null;
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
        aliases: JSON.parse(h.aliases) as string[],
        source_id: h.source_id,
        source_name: src.name,
        methodology: {
          metric_family: h.metric_family ?? src.methodology.metric_family,
          start_event: h.start_event ?? src.methodology.start_event,
          end_event: h.end_event ?? src.methodology.end_event,
          statistic_type: h.statistic_type ?? src.methodology.statistic_type,
        },
        methodology_overridden: override,
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
  const registry = { hospitals, sources, byKey, byHid: new Map(hospitals.map((h) => [h.hid, h])) };
  cache.set(reader, registry);
  return registry;
}

/** Forget the cached view (after a write that changes hospitals or sources). */
export function invalidateRegistry(reader: Reader) {
  cache.delete(reader);
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
