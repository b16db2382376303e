/**
 * An inverted index over plain service objects, built once per service list and reused for every
 * query (the server keeps one; the offline app keeps one per Dexie snapshot). Field weights:
 * name, then synonyms and search terms, then tags and category, then description.
 */
import { foldAccents, tokenize } from "../text/index.js";
import type { DirectoryService } from "./types.js";
import { CATEGORY_LABELS } from "./vocabulary.js";

export const FIELD_WEIGHTS = { name: 10, terms: 6, tags: 4, description: 2 } as const;

export interface SearchIndex {
  services: readonly DirectoryService[];
  /** token → parallel arrays of service positions and the best field weight there. */
  postings: Map<string, { ids: number[]; weights: number[] }>;
  /** Sorted vocabulary, for prefix lookups by binary search. */
  vocabulary: string[];
  idf: Map<string, number>;
  /** Per service, precomputed once: verification time (ms, NaN if never) and a plain sort key. */
  verifiedAt: Float64Array;
  sortKey: string[];
  /** Coordinates of the first site where people are served (NaN when none) and how many such sites. */
  siteLat: Float64Array;
  siteLng: Float64Array;
  siteCount: Uint8Array;
}

function addField(perService: Map<string, number>, text: string, weight: number) {
  for (const t of tokenize(text)) if ((perService.get(t) ?? 0) < weight) perService.set(t, weight);
}

export function buildSearchIndex(services: readonly DirectoryService[]): SearchIndex {
  const postings = new Map<string, { ids: number[]; weights: number[] }>();
  services.forEach((s, i) => {
    const fields = new Map<string, number>();
    addField(fields, `${s.description.en} ${s.description.fr}`, FIELD_WEIGHTS.description);
    const label = CATEGORY_LABELS[s.category];
    addField(fields, `${s.tags.join(" ")} ${label.en} ${label.fr} ${s.organizationName}`, FIELD_WEIGHTS.tags);
    const terms = [...s.searchTerms.en, ...s.searchTerms.fr, ...s.synonyms.en, ...s.synonyms.fr].join(" ");
    addField(fields, terms, FIELD_WEIGHTS.terms);
    addField(fields, `${s.name.en} ${s.name.fr}`, FIELD_WEIGHTS.name);
    for (const [token, weight] of fields) {
      let p = postings.get(token);
      if (!p) {
        p = { ids: [], weights: [] };
        postings.set(token, p);
      }
      p.ids.push(i);
      p.weights.push(weight);
    }
  });
  const n = Math.max(1, services.length);
  const idf = new Map<string, number>();
  for (const [token, p] of postings) idf.set(token, Math.log(1 + n / p.ids.length));
  const verifiedAt = Float64Array.from(services, (s) =>
    s.lastVerified ? Date.parse(s.lastVerified) : Number.NaN,
  );
  const sortKey = services.map((s) => `${foldAccents(s.name.en)}\u0000${s.id}`);
  const sites = services.map((s) =>
    s.locations.filter((l) => l.type === "physical" && l.lat !== null && l.lng !== null),
  );
  const siteLat = Float64Array.from(sites, (l) => l[0]?.lat ?? Number.NaN);
  const siteLng = Float64Array.from(sites, (l) => l[0]?.lng ?? Number.NaN);
  const siteCount = Uint8Array.from(sites, (l) => Math.min(255, l.length));
  return {
    services,
    postings,
    vocabulary: [...postings.keys()].sort(),
    idf,
    verifiedAt,
    sortKey,
    siteLat,
    siteLng,
    siteCount,
  };
}

const cache = new WeakMap<readonly DirectoryService[], SearchIndex>();
/** The index for this exact array, built on first use. Replace the array to refresh it. */
export function indexFor(services: readonly DirectoryService[]): SearchIndex {
  let index = cache.get(services);
  if (!index) {
    index = buildSearchIndex(services);
    cache.set(services, index);
  }
  return index;
}
