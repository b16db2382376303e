/**
 * Executes a search over snapshots: the packed index in the search worker answers newest, boolean
 * and relevance queries when it holds every snapshot; otherwise (and for URL queries) the
 * repository's FTS4 answer. Nothing is written. Takes the repository only (search.ts accepts a
 * store too), so the sql.js repository answers its searches with it without an import circle.
 */
import type { ArchiveRepository } from "../repository.js";
import { searchWithIndex } from "./index-pools.js";
import { detectMode } from "./query-parse.js";
import type { SearchOutcome, SearchParams } from "./search-types.js";

/**
 * Results of recent searches, per database, keyed by the parameters and the highest snapshot id:
 * snapshots are append-only, so a new capture changes the key and stale results are never served.
 * Only the requested page is kept, so an entry stays small.
 */
const resultCaches = new WeakMap<ArchiveRepository, Map<string, SearchOutcome>>();
const CACHE_ENTRIES = 500;

export async function runSearch(db: ArchiveRepository, p: SearchParams): Promise<SearchOutcome> {
  let cache = resultCaches.get(db);
  if (!cache) {
    cache = new Map();
    resultCaches.set(db, cache);
  }
  const top = await db.maxSnapshotId();
  const key = `${top}|${JSON.stringify(p)}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const out = await computeSearch(db, p, top);
  cache.set(key, out);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return out;
}

/** One search without the result cache (tests compare paths with it; benchmarks use the cache-free cost). */
export async function searchUncached(db: ArchiveRepository, p: SearchParams): Promise<SearchOutcome> {
  return computeSearch(db, p, await db.maxSnapshotId());
}

async function computeSearch(db: ArchiveRepository, p: SearchParams, top: number): Promise<SearchOutcome> {
  const kind = detectMode(p.q);
  // The packed index (in the search worker) answers newest, boolean and relevance when it holds
  // every snapshot up to `top`.
  const out = kind === "url" ? null : await searchWithIndex(db, p, kind, top);
  if (!out) return db.fallbackSearch(p, kind);
  const counts = await db.pageCaptureCounts([...new Set(out.hits.map((h) => h.group))], top);
  return {
    mode: out.mode,
    total: out.total,
    hits: out.hits.map((h) => ({ ...h, pageSnapshotsCount: counts.get(h.group) ?? 1 })),
    marks: out.marks,
    answeredBy: "index",
  };
}
