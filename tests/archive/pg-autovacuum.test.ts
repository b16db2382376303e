/**
 * The archive's insert-only search tables on a real PostgreSQL cluster (revision 14): after a
 * large indexing run autovacuum visits them by itself, long before PostgreSQL's default (20% new
 * rows) would, so their visibility maps and statistics keep up with crawling. The cluster checks
 * for work every second here (autovacuum_naptime) so the wait stays short.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_AUTOVACUUM } from "../../server/archive/migrations/pg/014-search-autovacuum.js";
import { archivePgMigrations } from "../../server/archive/migrations/pg/index.js";
import { pgUpgrade } from "../../server/db/pg/migrations.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { type PgCluster, startPgCluster } from "../helpers/pg-cluster.js";

let cluster: PgCluster;
let pool: pg.Pool;

interface TableStats {
  n_tup_ins: number;
  n_ins_since_vacuum: number;
  autovacuum_count: number;
  autoanalyze_count: number;
  last_vacuum: Date | null;
  last_autovacuum: Date | null;
}

async function stats(table: string): Promise<TableStats> {
  const { rows } = await pool.query<TableStats>(
    `SELECT n_tup_ins, n_ins_since_vacuum, autovacuum_count, autoanalyze_count, last_vacuum, last_autovacuum
       FROM pg_stat_user_tables WHERE schemaname = 'archive' AND relname = $1`,
    [table],
  );
  return rows[0];
}

/** Polls the table's statistics until `ok` holds; fails with the last ones after `ms`. */
async function until(table: string, ok: (s: TableStats) => boolean, ms: number): Promise<TableStats> {
  const deadline = Date.now() + ms;
  for (;;) {
    const s = await stats(table);
    if (ok(s)) return s;
    if (Date.now() > deadline) throw new Error(`${table}: still ${JSON.stringify(s)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Inserts rows as the indexer writes them, on one connection that then hands its counts to the
 * statistics at once (a backend otherwise holds them up to 10 s), and waits until they show.
 */
async function insert(table: string, sql: string, rows: number): Promise<void> {
  const before = (await stats(table)).n_tup_ins;
  const client = await pool.connect();
  try {
    await client.query(sql, [rows]);
    await client.query("SELECT pg_stat_force_next_flush()");
    await client.query("SELECT 1");
  } finally {
    client.release();
  }
  await until(table, (s) => s.n_tup_ins >= before + rows, 30_000);
}

const FILL: Record<string, string> = {
  // About 60 impact rows per capture: a word, its score, the snapshot.
  search_impacts: `INSERT INTO search_impacts (term, impact, id)
    SELECT 'word' || (g % 5000), random()::real, (SELECT coalesce(max(id), 0) FROM search_impacts) + g / 60
      FROM generate_series(1, $1) g`,
  search_terms: `INSERT INTO search_terms (term)
    SELECT 'term-' || ((SELECT count(*) FROM search_terms) + g) FROM generate_series(1, $1) g`,
};

beforeAll(async () => {
  cluster = await startPgCluster();
  const url = cluster.createDatabase("autovacuum");
  pool = createPgPool({ url, schema: "archive", size: 3 });
  await pgUpgrade(pool, "archive", archivePgMigrations);
  await pool.query("ALTER SYSTEM SET autovacuum_naptime = '1s'");
  await pool.query("SELECT pg_reload_conf()");
}, 60_000);

afterAll(async () => {
  await pool?.end();
  cluster?.destroy();
});

describe("autovacuum of the archive's insert-only search tables (PostgreSQL)", () => {
  // Tables already holding a large crawl's rows, then a further indexing run of 2.5% to 14% more:
  // past each table's own threshold, well short of PostgreSQL's default (1,000 rows plus 20%).
  for (const [table, before, added] of [
    ["search_impacts", 600_000, 85_000],
    ["search_terms", 60_000, 6_000],
  ] as const) {
    it(`${table}: vacuumed and analyzed by autovacuum after an indexing run past its threshold`, async () => {
      const settings = SEARCH_AUTOVACUUM[table];
      expect(added).toBeGreaterThan(settings.insertThreshold + settings.insertScale * before);
      expect(added).toBeLessThan(1000 + 0.2 * before);
      await insert(table, FILL[table], before);
      // As after a copy or a manual VACUUM: the rows so far are all visible, nothing new since.
      await pool.query(`VACUUM (ANALYZE) ${table}`);
      const settled = await until(table, (s) => s.last_vacuum !== null && s.n_ins_since_vacuum === 0, 30_000);
      await insert(table, FILL[table], added);
      const after = await until(
        table,
        (s) => s.autovacuum_count > settled.autovacuum_count && s.n_ins_since_vacuum < added,
        90_000,
      );
      expect(after.last_autovacuum).not.toBeNull();
      await until(table, (s) => s.autoanalyze_count > settled.autoanalyze_count, 30_000);
      // The visibility map covers the new rows: an index-only scan reads no heap page.
      const { rows } = await pool.query<{ relpages: number; relallvisible: number }>(
        "SELECT relpages, relallvisible FROM pg_class WHERE oid = $1::regclass",
        [`archive.${table}`],
      );
      expect(rows[0].relallvisible).toBeGreaterThanOrEqual(rows[0].relpages * 0.95);
    }, 180_000);
  }

  it("sets the four settings on each insert-only search table, and revision 14's down removes them", async () => {
    const options = async () => {
      const { rows } = await pool.query<{ relname: string; reloptions: string[] | null }>(
        `SELECT relname, reloptions FROM pg_class WHERE relnamespace = 'archive'::regnamespace
          AND relname = ANY($1) ORDER BY relname`,
        [Object.keys(SEARCH_AUTOVACUUM)],
      );
      // Other options (the search rows' toast_tuple_target) are revision 10's.
      const ours = (list: string[] | null) => (list ?? []).filter((o) => o.startsWith("autovacuum_")).sort();
      return Object.fromEntries(rows.map((r) => [r.relname, ours(r.reloptions)]));
    };
    const set = await options();
    for (const [table, s] of Object.entries(SEARCH_AUTOVACUUM))
      expect(set[table], table).toEqual([
        `autovacuum_analyze_scale_factor=${s.analyzeScale}`,
        `autovacuum_analyze_threshold=${s.analyzeThreshold}`,
        `autovacuum_vacuum_insert_scale_factor=${s.insertScale}`,
        `autovacuum_vacuum_insert_threshold=${s.insertThreshold}`,
      ]);
    const down = archivePgMigrations.find((m) => m.version === 14)?.down;
    expect(typeof down).toBe("string");
    await pool.query(down as string);
    expect(Object.values(await options())).toEqual(Object.keys(SEARCH_AUTOVACUUM).map(() => []));
  });
});
