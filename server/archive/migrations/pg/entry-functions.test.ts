/**
 * Revision 17 rewrites `rank_lead` and `word_pairs` for speed: on the kinds of vector a search
 * entry can have, each returns what the earlier definition returned (word pairs past position
 * 16,383 excepted, below), and a downgrade brings the earlier ones back. Both definitions run on
 * the same pages of a real PostgreSQL database of the run's cluster.
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
  pool = createPgPool({ url: cluster.createDatabase("entry_functions"), schema: "archive", size: 1 });
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
  ["Clinique d'été", "sante gc ca", "La grippe saisonnière: l'été, à l'hôpital, « vaccin » et rappel."],
  ["", "", ""],
];
/** Beyond 16,383 positions PostgreSQL puts every later word at 16,383. */
const LONG_PAGE: [string, string, string] = ["Long report", "example org report", words(17_000, 5)];

const VECTOR = `setweight(to_tsvector('archive.simple_unaccent', $1), 'A')
  || setweight(to_tsvector('archive.simple_unaccent', $2), 'B')
  || setweight(to_tsvector('archive.simple_unaccent', $3), 'D')`;

async function derived([title, url, body]: [string, string, string]) {
  const { rows } = await pool.query<{ leads: string[]; pairs: string; exact: string }>(
    `SELECT ARRAY[archive.rank_lead(v, 0)::text, archive.rank_lead(v, 5)::text, archive.rank_lead(v, $4)::text] AS leads,
       archive.word_pairs(v)::text AS pairs FROM (SELECT ${VECTOR} AS v) x`,
    [title, url, body, LEAD_WORDS],
  );
  return rows[0];
}
const allPages = () => Promise.all([...PAGES, LONG_PAGE].map(derived));
const definitions = async () =>
  (
    await pool.query<{ src: string }>(
      // In name order: the assertions read rank_lead's ts_filter, then word_pairs' JOIN.
      "SELECT string_agg(pg_get_functiondef(oid), ' ' ORDER BY proname) AS src FROM pg_proc WHERE proname IN ('rank_lead', 'word_pairs')",
    )
  ).rows[0].src;
const lexemes = (vector: string) => new Set(vector.match(/'(?:[^']|'')*'/g));

it("gives the leads and pairs of the earlier definitions, and a downgrade restores those", async () => {
  const now = await allPages();
  expect(await definitions()).toMatch(/ts_filter[\s\S]*JOIN/);

  // Revisions 19 (capture redirects) and 18 (the title indexes) come off first; they leave the
  // functions as they are.
  expect((await pgDowngrade(pool, "archive", archivePgMigrations))?.version).toBe(19);
  expect((await pgDowngrade(pool, "archive", archivePgMigrations))?.version).toBe(18);
  expect((await pgDowngrade(pool, "archive", archivePgMigrations))?.version).toBe(17);
  expect(await definitions()).not.toMatch(/ts_filter|JOIN/);
  const before = await allPages();
  expect(now.map((p) => p.leads)).toEqual(before.map((p) => p.leads));
  expect(now.slice(0, PAGES.length).map((p) => p.pairs)).toEqual(
    before.slice(0, PAGES.length).map((p) => p.pairs),
  );
  // Not vacuous: leads differ by page and bound, a body word past the bound is left out, and
  // pairs follow the text ("l'été" is two words, accents folded).
  expect(new Set(before.flatMap((p) => p.leads)).size).toBeGreaterThan(PAGES.length);
  expect(before[0].leads[2]).toContain("'influenza':2A");
  expect(before[0].leads[2]).not.toContain("word90");
  expect(before[5].pairs).toContain("'grippe saisonniere'");
  expect(before[5].pairs).toContain("'l ete'");

  await pgUpgrade(pool, "archive", archivePgMigrations);
  expect(await definitions()).toMatch(/ts_filter[\s\S]*JOIN/);
});

it("pairs the word before position 16,383 with every word put there, as the phrase operator does", async () => {
  const page = await derived(LONG_PAGE);
  // The page's vector built once: each word put at 16,383, the word before it, and whether the
  // phrase operator finds the two adjacent.
  const { rows } = await pool.query<{ before: string; next: string; phrase: boolean }>(
    `WITH page AS (SELECT ${VECTOR} AS v),
       words AS (SELECT u.lexeme AS w, u.positions FROM page, unnest(page.v) u)
     SELECT b.w AS before, n.w AS next,
       page.v @@ tsquery_phrase(to_tsquery('simple', b.w), to_tsquery('simple', n.w)) AS phrase
       FROM page, words b, words n
      WHERE 16382 = ANY (b.positions) AND 16383 = ANY (n.positions) AND NOT 16382 = ANY (n.positions)`,
    LONG_PAGE,
  );
  expect(rows.length).toBeGreaterThan(1);
  const pairs = lexemes(page.pairs);
  for (const { before, next, phrase } of rows) {
    expect(pairs.has(`'${before} ${next}'`)).toBe(true);
    expect(phrase).toBe(true);
  }
});
