/**
 * The ranking's index over a list of services: an inverted index (token → service positions and
 * the best field weight there) plus, per service, every fact the ranking reads (active, category,
 * verification, sites, schedule, audiences…), in typed arrays and plain lists. The ranking never
 * goes back to the service objects, so the offline app can keep this index on the device and rank
 * without reading its 10,000 records (packed-index.ts); the server keeps one per catalogue array.
 * Field weights: name, then synonyms and search terms, then tags and category, then description.
 */
import type { Schedule } from "./types.js";

export const FIELD_WEIGHTS = { name: 10, terms: 6, tags: 4, description: 2 } as const;

export interface SearchIndex {
  /** Service id at each position. */
  ids: string[];
  /** Every indexed token, sorted (prefix lookups by binary search); a token's number is its place. */
  vocabulary: string[];
  tokenNumbers: Map<string, number>;
  /** Token t's postings are entries postingStart[t] … postingStart[t + 1] − 1 of the two lists below. */
  postingStart: Uint32Array;
  postingIds: Uint16Array | Uint32Array;
  postingWeights: Uint8Array;
  /** Rarity of each token: log(1 + services / services holding it). */
  idf: Float64Array;
  /** Per service: 1 when its status is active. */
  active: Uint8Array;
  /** Per service: its category's place in CATEGORIES. */
  category: Uint8Array;
  /** Per service: verification level L0–L3 as 0–3. */
  level: Uint8Array;
  /** Per service: when it was last verified (ms, NaN if never). */
  verifiedAt: Float64Array;
  /** Per service: folded English name and id, the tie-breaking order. */
  sortKey: string[];
  /** Per service: English name as written (the suggestions' reading order). */
  name: string[];
  /** Per service: which general help line it is (place in GENERAL_LINES), or −1. */
  helpLine: Int8Array;
  /** Per service: the audiences it is for, as bits (audience.ts); 0 when it is for everyone. */
  audience: Int32Array;
  /** Sites where people are served, with coordinates: service i's are siteStart[i] … siteStart[i + 1] − 1. */
  siteStart: Uint32Array;
  siteLat: Float64Array;
  siteLng: Float64Array;
  /** Distinct weekly schedules, and each service's place among them (−1 when it has none). */
  schedules: Schedule[];
  scheduleOf: Int32Array;
}

/** How many services the index holds. */
export const indexSize = (index: SearchIndex): number => index.ids.length;

/** A token's number, or −1 when no service has it. */
export function tokenNumber(index: SearchIndex, token: string): number {
  return index.tokenNumbers.get(token) ?? -1;
}

/** Service i's weekly schedule, or null. */
export function scheduleAt(index: SearchIndex, i: number): Schedule | null {
  const k = index.scheduleOf[i];
  return k < 0 ? null : index.schedules[k];
}

/** Orders two positions by name then id: the same order wherever the services sit in the list. */
export function bySortKey(index: SearchIndex, a: number, b: number): number {
  const ka = index.sortKey[a];
  const kb = index.sortKey[b];
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
