/**
 * PostgreSQL only: autovacuum settings of the tables a search reads that only ever receive
 * inserts (captures, their search rows, word impacts, the vocabulary). By default autovacuum
 * visits an insert-only table after 20% new rows, so after a large crawl the newest captures sat
 * in pages the visibility map did not cover: every index-only scan (the best impacts of a word, a
 * page group's captures) read the heap row by row, and relevance searches ran four times slower
 * than after a VACUUM. Here a table is vacuumed after 2% to 5% new rows (5% where GIN indexes make
 * each vacuum read them whole) and analyzed after 2%, so the visibility maps and the planner's
 * statistics keep up with steady crawling. Thresholds are in rows: an impact row is about a
 * sixtieth of a capture.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

interface Settings {
  insertThreshold: number;
  insertScale: number;
  analyzeThreshold: number;
  analyzeScale: number;
}

/** Per table; exported for the test that checks autovacuum keeps up. */
export const SEARCH_AUTOVACUUM: Readonly<Record<string, Settings>> = {
  snapshots: { insertThreshold: 2000, insertScale: 0.02, analyzeThreshold: 2000, analyzeScale: 0.02 },
  snapshots_fts: { insertThreshold: 2000, insertScale: 0.05, analyzeThreshold: 2000, analyzeScale: 0.02 },
  search_impacts: {
    insertThreshold: 50_000,
    insertScale: 0.02,
    analyzeThreshold: 10_000,
    analyzeScale: 0.02,
  },
  search_terms: { insertThreshold: 2000, insertScale: 0.05, analyzeThreshold: 2000, analyzeScale: 0.05 },
};

const OPTIONS = [
  "autovacuum_vacuum_insert_threshold",
  "autovacuum_vacuum_insert_scale_factor",
  "autovacuum_analyze_threshold",
  "autovacuum_analyze_scale_factor",
];

const up = Object.entries(SEARCH_AUTOVACUUM)
  .map(
    ([table, s]) =>
      `ALTER TABLE ${table} SET (${OPTIONS[0]} = ${s.insertThreshold}, ${OPTIONS[1]} = ${s.insertScale}, ` +
      `${OPTIONS[2]} = ${s.analyzeThreshold}, ${OPTIONS[3]} = ${s.analyzeScale});`,
  )
  .join("\n");

const down = Object.keys(SEARCH_AUTOVACUUM)
  .map((table) => `ALTER TABLE ${table} RESET (${OPTIONS.join(", ")});`)
  .join("\n");

export const pgSearchAutovacuum: PgMigration = {
  version: 14,
  name: "search: autovacuum keeps up with insert-only search tables",
  up,
  down,
};
