/**
 * Archive search on PostgreSQL measured without HTTP, for as long as the server does not yet answer
 * /api/search from PostgreSQL: the same queries as bench/archive-search.ts, 8 callers at once, each
 * through the archive's PostgreSQL search (`searchSnapshotsPg`) on its own pool connection.
 */

import type pg from "pg";
import { searchSnapshotsPg } from "../server/archive/repository-pg/search.js";
import type { SearchParams } from "../server/archive/search/search.js";
import { createPgPool } from "../server/db/pg/pool.js";
import { queryMix } from "./archive-read.js";
import { type BenchRow, percentiles } from "./lib.js";
import { ARCHIVE_PAGES, medianOf } from "./postgres-data.js";

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

/** 8 callers for `seconds`, each taking the next query: every answer's time in ms. */
async function timeSearches(pool: pg.Pool, queries: string[], seconds: number, callers: number) {
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
  return { ...percentiles(samples), rps: samples.length / seconds };
}

export async function searchInProcess(
  url: string,
  seconds: number,
  callers: number,
  runs: number,
): Promise<BenchRow[]> {
  const pool = createPgPool({ url, schema: "archive", size: callers });
  const mix = queryMix(ARCHIVE_PAGES);
  const rows: BenchRow[] = [];
  try {
    for (const [mode, key] of Object.entries(MODES)) {
      const queries = mix[key].map((p) => new URL(p, "http://x").searchParams.get("q") ?? "");
      const measured = [];
      for (let i = 0; i < runs; i++) measured.push(await timeSearches(pool, queries, seconds, callers));
      const p = medianOf(measured);
      rows.push({
        name: `[PostgreSQL, in-process] archive search ${mode}`,
        connections: callers,
        ...p,
        extra: `${p.p95 <= 200 ? "meets" : "misses"} p95 ≤ 200 ms; no HTTP (the server does not answer /api/search from PostgreSQL yet)`,
      });
    }
  } finally {
    await pool.end();
  }
  return rows;
}
