// The wait-times list as a reader asks for it: hospitals whose name or city holds every word typed
// (accents and case ignored), one province by name, or nearest first whatever their province (a
// border does not make a farther hospital nearer), each with its distance from the reader when
// their position is known (it is never stored: see state/position.ts).
import { haversineKm, type LatLng } from "../../../shared/geo";
import { foldAccents } from "../../../shared/text/fold";
import type { Province } from "../../../shared/waittimes/schemas";
import { collator } from "../../i18n/intlFormats";
import type { HospitalRecord } from "../device/db";

export type SortOrder = "name" | "distance";

export interface ListedHospital {
  hospital: HospitalRecord;
  /** Kilometres from the reader, when both positions are known. */
  distanceKm: number | null;
}

export interface FindOptions {
  province: Province;
  query: string;
  sort: SortOrder;
  position?: LatLng;
  locale: string;
}

const searchable = (text: string) => foldAccents(text).replace(/[^a-z0-9]+/g, " ");

export function queryWords(query: string): string[] {
  return searchable(query).split(" ").filter(Boolean);
}

function matches(h: HospitalRecord, words: string[]): boolean {
  if (words.length === 0) return true;
  const text = ` ${searchable(`${h.name} ${h.city}`)} `;
  return words.every((w) => text.includes(w));
}

export function distanceTo(h: HospitalRecord, position: LatLng | undefined): number | null {
  if (!position || h.latitude === null || h.longitude === null) return null;
  return haversineKm(position, { lat: h.latitude, lng: h.longitude });
}

export function findHospitals(all: readonly HospitalRecord[], opts: FindOptions): ListedHospital[] {
  const words = queryWords(opts.query);
  const byLocale = collator(opts.locale, { sensitivity: "base" });
  const byName = (a: ListedHospital, b: ListedHospital) => byLocale.compare(a.hospital.name, b.hospital.name);
  const byDistance = opts.sort === "distance" && opts.position !== undefined;
  const listed = all
    .map((hospital) => ({ hospital, distanceKm: distanceTo(hospital, opts.position) }))
    // Nearest first crosses provincial borders; a hospital with no known place is listed only
    // with its own province's (last), as it cannot be said to be near.
    .filter(
      (l) =>
        (l.hospital.province === opts.province || (byDistance && l.distanceKm !== null)) &&
        matches(l.hospital, words),
    );
  if (byDistance) {
    // Hospitals without coordinates go last, by name.
    return listed.sort(
      (a, b) =>
        (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY) ||
        byName(a, b),
    );
  }
  return listed.sort(byName);
}

/**
 * The provinces of the nearest hospitals listed (the first `first`, nearest first), when there is
 * more than one: their figures are measured differently, which the list must say rather than let
 * them read as one ranking.
 */
export function provincesNearby(listed: readonly ListedHospital[], first = 10): Province[] {
  const provinces: Province[] = [];
  for (const l of listed.slice(0, first))
    if (l.distanceKm !== null && !provinces.includes(l.hospital.province))
      provinces.push(l.hospital.province);
  return provinces.length > 1 ? provinces : [];
}

/** The four methodology fields as one comparable key. */
export const methodologyKey = (h: HospitalRecord) => {
  const m = h.methodology;
  return `${m.metric_family}|${m.start_event}|${m.end_event}|${m.statistic_type}`;
};

/**
 * The methodology most of the province's hospitals report: the list states it once and marks the
 * hospitals that report something else, rather than repeating one sentence on every card.
 */
export function usualMethodology(
  all: readonly HospitalRecord[],
  province: Province,
): HospitalRecord | undefined {
  const counts = new Map<string, { n: number; example: HospitalRecord }>();
  for (const h of all) {
    if (h.province !== province) continue;
    const entry = counts.get(methodologyKey(h)) ?? { n: 0, example: h };
    entry.n++;
    counts.set(methodologyKey(h), entry);
  }
  let best: { n: number; example: HospitalRecord } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.example;
}
