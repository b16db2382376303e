/**
 * Archive search on PostgreSQL measured without HTTP, for as long as the server does not yet answer
 * /api/search from PostgreSQL: the same queries as bench/archive-search.ts, 8 callers at once, each
 * through the archive's PostgreSQL search (`searchSnapshotsPg`) on its own pool connection.
 */
import { searchSnapshotsPg } from "../server/archive/repository-pg/search.js";
import type { SearchParams } from "../server/archive/search/search.js";
import { createPgPool } from "../server/db/pg/pool.js";
import { queryMix } from "./archive-read.js";
import { type BenchRow, percentiles } from "./lib.js";
import { ARCHIVE_PAGES } from "./postgres-data.js";

const MODES = {
  relevance: "search relevance_fts (EN/FR words and pairs)",
  fuzzy: "search relevance_fuzzy (typos)",
  phrase: "search quoted phrases",
};

const params = (q: string, pageSize: number): SearchParams => ({
  q,
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize,
  includeNon2xx: false,
  includeDuplicates: false,
});

export async function searchInProcess(url: string, seconds: number, callers: number): Promise<BenchRow[]> {
  const pool = createPgPool({ url, schema: "archive", size: callers });
  const mix = queryMix(ARCHIVE_PAGES);
  const rows: BenchRow[] = [];
  try {
    for (const [mode, key] of Object.entries(MODES)) {
      const queries = mix[key].map((p) => new URL(p, "http://x").searchParams.get("q") ?? "");
      const samples: number[] = [];
      let next = 0;
      const end = performance.now() + seconds * 1000;
      const caller = async () => {
        while (performance.now() < end) {
          const n = next++;
          const t = performance.now();
          await searchSnapshotsPg(pool, params(queries[n % queries.length], 10 + (n % 90)));
          samples.push(performance.now() - t);
        }
      };
      await Promise.all(Array.from({ length: callers }, caller));
      const p = percentiles(samples);
      rows.push({
        name: `[PostgreSQL, in-process] archive search ${mode}`,
        connections: callers,
        ...p,
        rps: samples.length / seconds,
        extra: `${p.p95 <= 200 ? "meets" : "misses"} p95 ≤ 200 ms; no HTTP (the server does not answer /api/search from PostgreSQL yet)`,
      });
    }
  } finally {
    await pool.end();
  }
  return rows;
}
