/**
 * Revision 17 rewrites `rank_lead` for speed only: on every kind of vector a search entry can
 * have, it returns what revision 9's definition returned, and a downgrade brings that one back.
 * Both run side by side on a real PostgreSQL database of the run's cluster.
 */
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PgCluster } from "../../../../tests/helpers/pg-cluster.js";
import { testPgCluster } from "../../../../tests/helpers/pg-shared.js";
import { pgDowngrade, pgUpgrade } from "../../../db/pg/migrations.js";
import { createPgPool } from "../../../db/pg/pool.js";
import { LEAD_WORDS } from "./009-rank-lead.js";
import { archivePgMigrations } from "./index.js";

let cluster: PgCluster;
let pool: pg.Pool;

beforeAll(async () => {
  cluster = await testPgCluster();
  pool = createPgPool({ url: cluster.createDatabase("rank_lead"), schema: "archive", size: 1 });
  await pgUpgrade(pool, "archive", archivePgMigrations);
});
afterAll(async () => {
  await pool?.end();
  cluster?.destroy();
});

const words = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `word${(i + from) % 97}`).join(" ");

/** Title, URL words and body, put together as search-write.ts builds the words-as-written vector. */
const PAGES: Array<[title: string, url: string, body: string]> = [
  ["Seasonal influenza", "www canada ca health flu", words(400)],
  ["", "", words(300)],
  ["Vaccines", "", ""],
  ["", "example org a b c", words(30)],
  // Title words repeated in the body: a lead word keeps every position it has.
  ["word1 word2 word3", "word4", words(200)],
  // Beyond 16,383 positions PostgreSQL clamps every later one to 16,383.
  ["Long report", "example org report", words(17_000, 5)],
  ["", "", ""],
];

const VECTOR = `setweight(to_tsvector('archive.simple_unaccent', $1), 'A')
  || setweight(to_tsvector('archive.simple_unaccent', $2), 'B')
  || setweight(to_tsvector('archive.simple_unaccent', $3), 'D')`;

async function leads(): Promise<string[]> {
  const out: string[] = [];
  for (const [title, url, body] of PAGES)
    for (const lead of [0, 5, LEAD_WORDS]) {
      const { rows } = await pool.query<{ lead: string }>(
        `SELECT archive.rank_lead(${VECTOR}, $4)::text AS lead`,
        [title, url, body, lead],
      );
      out.push(rows[0].lead);
    }
  return out;
}

it("gives the same lead as revision 9's definition, and a downgrade restores that definition", async () => {
  const definition = async () =>
    (
      await pool.query<{ src: string }>(
        "SELECT pg_get_functiondef(oid) AS src FROM pg_proc WHERE proname = 'rank_lead'",
      )
    ).rows[0].src;
  const now = await leads();
  expect(await definition()).toContain("ts_filter");

  expect((await pgDowngrade(pool, "archive", archivePgMigrations))?.version).toBe(17);
  expect(await definition()).not.toContain("ts_filter");
  const before = await leads();
  expect(now).toEqual(before);
  // Not vacuous: leads differ by page and bound, and a body word past the bound is left out.
  expect(new Set(before).size).toBeGreaterThan(PAGES.length);
  expect(before[2]).toContain("'influenza':2A");
  expect(before[2]).not.toContain("word90");

  await pgUpgrade(pool, "archive", archivePgMigrations);
  expect(await definition()).toContain("ts_filter");
});
