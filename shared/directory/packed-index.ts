/**
 * The ranking's index as plain data the offline app keeps in IndexedDB beside the services it was
 * built from: typed arrays and lists, structured-cloned as they are, so loading it is a copy rather
 * than 10,000 records read and tokenised again. Only the index's own fields are packed, never the
 * caches the ranking hangs on it (words people searched for stay in memory only).
 */
import { audienceBits } from "./audience.js";
import { CATEGORIES, VERIFICATION_LEVELS } from "./constants.js";
import { FIELD_WEIGHTS, type SearchIndex } from "./search-index.js";
import { GENERAL_LINES } from "./suggestions.js";
import { CATEGORY_LABELS } from "./vocabulary.js";

/**
 * Bump when the layout or the tokeniser changes: an index built by another version is then set
 * aside and rebuilt. What the index depends on in the vocabulary is part of the format by itself.
 */
const LAYOUT = 1;

export type PackedSearchIndex = Omit<SearchIndex, "tokenNumbers" | "idf"> & { format: string };

let format: string | undefined;
/** The layout number and a fingerprint of the labels, weights and audiences the index encodes. */
export function indexFormat(): string {
  if (format) return format;
  const encoded = JSON.stringify([
    CATEGORIES,
    CATEGORY_LABELS,
    FIELD_WEIGHTS,
    VERIFICATION_LEVELS,
    GENERAL_LINES,
    [...audienceBits()],
  ]);
  // FNV-1a: a short, stable fingerprint (not a security measure).
  let hash = 0x811c9dc5;
  for (let k = 0; k < encoded.length; k++) hash = Math.imul(hash ^ encoded.charCodeAt(k), 0x01000193) >>> 0;
  format = `${LAYOUT}:${hash.toString(16)}`;
  return format;
}

/** Rarity per token from how many services hold it (the same formula the builder uses). */
export function idfFrom(postingStart: Uint32Array, services: number): Float64Array {
  const n = Math.max(1, services);
  const idf = new Float64Array(postingStart.length - 1);
  for (let t = 0; t < idf.length; t++) idf[t] = Math.log(1 + n / (postingStart[t + 1] - postingStart[t]));
  return idf;
}

export function packSearchIndex(index: SearchIndex): PackedSearchIndex {
  return {
    format: indexFormat(),
    ids: index.ids,
    vocabulary: index.vocabulary,
    postingStart: index.postingStart,
    postingIds: index.postingIds,
    postingWeights: index.postingWeights,
    active: index.active,
    category: index.category,
    level: index.level,
    verifiedAt: index.verifiedAt,
    sortKey: index.sortKey,
    name: index.name,
    helpLine: index.helpLine,
    audience: index.audience,
    siteStart: index.siteStart,
    siteLat: index.siteLat,
    siteLng: index.siteLng,
    schedules: index.schedules,
    scheduleOf: index.scheduleOf,
  };
}

/** The index again, or null when it was packed by another version (rebuild it from the services). */
export function unpackSearchIndex(packed: PackedSearchIndex | undefined | null): SearchIndex | null {
  if (!packed || packed.format !== indexFormat()) return null;
  const { format: _format, ...fields } = packed;
  return {
    ...fields,
    tokenNumbers: new Map(packed.vocabulary.map((t, k) => [t, k])),
    idf: idfFrom(packed.postingStart, packed.ids.length),
  };
}
