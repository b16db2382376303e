/**
 * Search of the PostgreSQL archive repository: PostgreSQL answers every query itself (search.ts),
 * so the packed-index feed that sql.js builds from has nothing to give here. Recent results are
 * kept per repository under the data version, which every process's writes move.
 */
import type { SearchIndexFeed, SearchRepository } from "../repository.js";
import type { SearchOutcome } from "../search/search-types.js";
import { all, one, type Queryable } from "./rows.js";
import { searchSnapshotsPg } from "./search.js";

const CACHE_ENTRIES = 500;

export function pgSearch(
  pool: import("pg").Pool,
  dataVersion: () => Promise<number>,
): SearchRepository & SearchIndexFeed {
  const cache = new Map<string, SearchOutcome>();
  const uncached = async (p: Parameters<SearchRepository["searchSnapshots"]>[0]): Promise<SearchOutcome> => ({
    ...(await searchSnapshotsPg(pool, p)),
    answeredBy: "postgres",
  });
  const db: Queryable = pool;
  return {
    searchSnapshots: async (p) => {
      const key = `${await dataVersion()}|${JSON.stringify(p)}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit); // most recently used last
        return hit;
      }
      const out = await uncached(p);
      cache.set(key, out);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      return out;
    },
    searchSnapshotsUncached: uncached,
    fallbackSearch: (p) => uncached(p),
    pageCaptureCounts: async (groups, top) => {
      const rows = groups.length
        ? await all<{ g: string; n: number }>(
            db,
            "SELECT normalized_url_group AS g, COUNT(*) AS n FROM snapshots WHERE normalized_url_group = ANY(?) AND id <= ? GROUP BY 1",
            [[...groups], top],
          )
        : [];
      return new Map(rows.map((r) => [r.g, r.n]));
    },
    sourceIdOf: async (code) =>
      code === undefined
        ? null
        : ((await one<{ id: number }>(db, "SELECT id FROM sources WHERE code = ?", [code]))?.id ?? -2),
    indexStart: async (onRead) => {
      const start = { maxId: 0, count: 0, segments: [] };
      onRead?.(start);
      return start;
    },
    readDocMetas: async () => [],
    readDocMetasOf: async () => [],
    countSnapshotsBetween: async () => 0,
    segmentAlive: async () => false,
    leafBlocks: async () => [],
    readDocSizes: async () => [],
  };
}
