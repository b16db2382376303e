/**
 * Large results on PostgreSQL (search-ranked.ts largeResultPage): a search the planner expects to
 * find more than it counts answers the same first page as the counted way, with the planner's
 * estimate as its total, flagged as one (for a query other than a plain OR of words, the share of
 * a sample of captures that match it); a search whose candidates do not fill the page is
 * answered the counted way. The threshold is lowered to 0 here so a few hundred captures take that path (20,000 in the
 * server). Also on this data: a query of `title:` fields is read from the title indexes alone
 * (revision 18) and finds what the page's words find, and a prefix's candidates proposed word by
 * word are those its range of words proposed, and a capture holding a query's words as written
 * is taken without its stemmed vectors being read.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJobConfig } from "../../../shared/archive/job-config.js";
import type { PgCluster } from "../../../tests/helpers/pg-cluster.js";
import { testPgCluster } from "../../../tests/helpers/pg-shared.js";
import { pgUpgrade } from "../../db/pg/migrations.js";
import { createPgPool, inTransaction } from "../../db/pg/pool.js";
import { archivePgMigrations } from "../migrations/pg/index.js";
import type { NewSnapshot } from "../repository.js";
import { type BoolNode, parseBoolean } from "../search/query-parse.js";
import { type SearchParams, searchParams } from "../search/search-types.js";
import { createPgArchiveRepository } from "./index.js";
import { searchSnapshotsPg } from "./search.js";
import { rankedPage } from "./search-ranked.js";
import {
  exactFirst,
  exactWhereSame,
  matchesSql,
  matchParam,
  matchSql,
  Params,
  wordsStarting,
} from "./search-sql.js";
import { allOf, booleanMatch, booleanQuery, everyPrefix, type MatchQuery } from "./search-tsquery.js";

/** 150 URLs captured twice, a day apart, each capture with its own text. */
const URLS = 150;

let cluster: PgCluster;
let pool: pg.Pool;
let root: string;

const EN = [
  "Vaccination protects children and adults against serious illness.",
  "Book a vaccination appointment at a community clinic near you.",
  "Seasonal influenza spreads quickly in crowded places.",
  "Wash your hands often and stay home when you are sick.",
  "Public health nurses answer questions about immunization records.",
];
const FR = [
  "La vaccination protège les enfants et les adultes contre les maladies graves.",
  "La grippe saisonnière se propage rapidement dans les endroits bondés.",
  "Prenez rendez-vous dans une clinique de vaccination près de chez vous.",
  "Lavez-vous les mains souvent et restez à la maison si vous êtes malade.",
];

/** Capture k of URL u: its language, title and sentences vary with both, so captures differ. */
function capture(jobId: number, u: number, k: number): NewSnapshot {
  const fr = u % 2 === 1;
  const pool = fr ? FR : EN;
  const sentences = Array.from(
    { length: 6 },
    (_, i) => pool[(u * 7 + k * 3 + i * (1 + (u % 3))) % pool.length],
  );
  const title = u % 5 === 0 ? (fr ? `Vaccination ${u}` : `Vaccination clinic ${u}`) : `Page ${u}`;
  return {
    job_id: jobId,
    source_id: null,
    url: `https://health.example.ca/${fr ? "fr" : "en"}/page-${u}`,
    normalized_url_group: `https://health.example.ca/${fr ? "fr" : "en"}/page-${u}`,
    capture_timestamp: new Date(Date.UTC(2026, 0, 1 + k, 0, u)).toISOString(),
    mime_type: "text/html",
    status_code: 200,
    title,
    snippet: sentences[0],
    language: fr ? "fr" : "en",
    capture_backend: "node_warc",
    capture_fidelity: "high",
    provenance_json: "{}",
    warc_path: path.join(root, "jobs", "x.warc.gz"),
    warc_record_id: `urn:uuid:${u}-${k}`,
    content_hash: `${u}-${k}`,
    text: `${title}. ${sentences.join(" ")} ${u % 4 === 0 ? "Measles cases were reported." : ""}`,
  };
}

beforeAll(async () => {
  cluster = await testPgCluster();
  root = mkdtempSync(path.join(os.tmpdir(), "chc-search-estimate-"));
  pool = createPgPool({ url: cluster.createDatabase("search_estimate"), schema: "archive", size: 2 });
  await pgUpgrade(pool, "archive", archivePgMigrations);
  const repo = createPgArchiveRepository(pool, root);
  const parsed = parseJobConfig({ seeds: ["https://health.example.ca/"] });
  if (!parsed.ok) throw new Error(parsed.message);
  const job = await repo.createJob(
    { sourceCode: "demo", name: "estimate", config: parsed.config },
    "2026-01-01T00:00:00.000Z",
  );
  for (const k of [0, 1])
    await repo.recordCaptures(
      job.id,
      Array.from({ length: URLS }, (_, u) => capture(job.id, u, k)),
      "2026-01-03T00:00:00.000Z",
    );
  // The planner's statistics, as autovacuum keeps them.
  await pool.query("ANALYZE");
});

afterAll(async () => {
  await pool?.end();
  rmSync(root, { recursive: true, force: true });
});

const counted = (p: SearchParams) => searchSnapshotsPg(pool, p, { exactTotalUpTo: Number.MAX_SAFE_INTEGER });
const estimated = (p: SearchParams) => searchSnapshotsPg(pool, p, { exactTotalUpTo: 0 });

describe("large results on PostgreSQL", () => {
  it.each([
    ["one word", searchParams("vaccination")],
    ["two words", searchParams("vaccination clinic")],
    ["a French phrase", searchParams('"grippe saisonnière"')],
    ["a word without another", searchParams("vaccination NOT measles")],
    // Tried first on the words as written (exactFirst): held as typed, then only through stemming.
    ["two words as written", searchParams("community clinic")],
    ["two words only through stemming", searchParams("vaccinations clinics")],
    ["two words with a stopword", searchParams("you sick")],
    ["a phrase and a word", searchParams('"community clinic" vaccination')],
    ["a phrase with a stopword", searchParams('"les enfants"')],
    ["a misspelling", searchParams("vacination")],
    ["word beginnings", searchParams("influen")],
    // Every word's beginnings (an AND of ORs): estimated by its rarest part.
    ["two words' beginnings", searchParams("vacc clin")],
    // Pages say "protects": every match scores 0 and they all follow, newest first.
    ["a word found only through stemming", searchParams("protect")],
    ["a word found only through stemming, second page", searchParams("protect", { page: 2 })],
    ["every capture", searchParams("vaccination", { view: "snapshots" })],
    ["a filter", searchParams("vaccination", { language: "fr" })],
    ["the newest pages", searchParams("")],
    ["the newest captures", searchParams("", { view: "snapshots", page: 2 })],
    ["the newest pages in French", searchParams("", { language: "fr", page: 2 })],
    ["the newest captures in French", searchParams("", { language: "fr", view: "snapshots" })],
  ])("%s: the same first page as counting, with an estimated total", async (name, p) => {
    const exact = await counted(p);
    const fast = await estimated(p);
    expect(exact.totalEstimated).toBeUndefined();
    expect(exact.hits.length).toBeGreaterThan(0);
    expect(fast.mode).toBe(exact.mode);
    if (name.includes("beginnings")) expect(exact.mode).toBe("relevance_fallback");
    expect(fast.hits).toEqual(exact.hits);
    expect(fast.marks).toEqual(exact.marks);
    expect(fast.totalEstimated).toBe(true);
    // Two significant digits of what the statistics expect: near the count, not equal to it.
    expect(Number(fast.total.toPrecision(2))).toBe(fast.total);
    expect(fast.total).toBeGreaterThan(exact.total / 2);
    // The pages view may count each of a page's two captures: at most twice the pages.
    expect(fast.total).toBeLessThanOrEqual(exact.total * 2);
  });

  it("estimates a field query by the share of sampled captures that match it with the field", async () => {
    const p = searchParams("title:vaccination");
    const exact = await counted(p);
    const fast = await estimated(p);
    // Every page holds the word; a fifth of them in their title.
    expect(exact.total).toBe(URLS / 5);
    expect(fast.hits).toEqual(exact.hits);
    expect(fast.totalEstimated).toBe(true);
    expect(fast.total).toBeGreaterThan(exact.total / 2);
    // The pages view may count each of a page's two captures: at most twice the pages.
    expect(fast.total).toBeLessThanOrEqual(exact.total * 2);
  });

  it("counts a field query when none of the sampled captures match with the field", async () => {
    const p = searchParams("title:measles");
    const exact = await counted(p);
    expect(exact.total).toBe(0);
    expect(await estimated(p)).toEqual(exact);
  });

  it.each([
    ["a word no title holds", "title:measles"],
    ["a phrase of a title", 'title:"vaccination clinic"'],
    ["a title word without another", "title:vaccination NOT title:clinic"],
  ])("reads %s from the title indexes alone, not the page's words", async (_, q) => {
    const query = booleanMatch(parseBoolean(q) as BoolNode);
    expect(query.titlesDecide).toBe(true);
    const args = new Params();
    const sql = matchesSql(matchParam(query, args), searchParams(q), args, query);
    // A few hundred rows: without this the planner reads the table rather than any index.
    const plan = await inTransaction(pool, async (client) => {
      await client.query("SET LOCAL enable_seqscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, args.values);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/snapshots_fts_title_en/);
    expect(plan).toMatch(/snapshots_fts_title_fr/);
    expect(plan).not.toMatch(/snapshots_fts_fts_(en|fr)|\(fts_(en|fr) @@/);
  });

  it("finds the pages a title query's words find in the whole page", async () => {
    for (const q of [
      'title:"vaccination clinic"',
      "title:vaccination NOT title:clinic",
      "title:vaccination clinic",
    ]) {
      const p = searchParams(q);
      // The statement before revision 18: the weighted query on every word of the page.
      const args = new Params();
      const words = matchesSql(args.add(booleanQuery(parseBoolean(q) as BoolNode)), p, args, { pairs: null });
      const { rows } = await pool.query(`SELECT count(DISTINCT g)::int AS n FROM (${words}) m`, args.values);
      const found = await counted(p);
      expect(found.total, q).toBeGreaterThan(0);
      expect(found.total, q).toBe(rows[0].n);
    }
  });

  it.each(["influen", "vacc", "clin", "protec", "sai"])(
    "proposes the candidates of %s by each word it begins, as its range of words did",
    async (prefix) => {
      await inTransaction(pool, async (client) => {
        const starting = await wordsStarting(client, [prefix]);
        expect(starting[0]?.length).toBeGreaterThan(0);
        const query = everyPrefix([prefix], starting);
        for (const exactUpTo of [0, Number.MAX_SAFE_INTEGER]) {
          const p = searchParams(prefix);
          const byRange = await rankedPage(client, query, { words: [], prefixes: [prefix] }, p, exactUpTo);
          const byWords = await rankedPage(
            client,
            query,
            { words: starting[0] ?? [], prefixes: [] },
            p,
            exactUpTo,
          );
          expect(byRange?.hits.length, prefix).toBeGreaterThan(0);
          expect(byWords, prefix).toEqual(byRange);
        }
      });
    },
  );

  /** Blocks of the stemmed vectors' TOAST table this transaction read, from the cache or not. */
  const toastRead = async (client: pg.ClientBase) =>
    Number(
      (
        await client.query<{ n: string }>(
          `SELECT pg_stat_get_xact_blocks_fetched(reltoastrelid) AS n FROM pg_class WHERE oid = 'archive.snapshots_fts'::regclass`,
        )
      ).rows[0].n,
    );

  /** How many of the captures `ids` the test matches, and the TOAST blocks that read. */
  async function matching(
    client: pg.ClientBase,
    ids: string[],
    query: MatchQuery,
    test: (args: Params, q: string) => string,
  ): Promise<{ matched: number; toastBlocks: number }> {
    const args = new Params();
    const list = args.add(ids);
    // The tsquery only where the statement reads it (a query its pairs decide reads the pairs alone).
    const q = matchParam(query, args);
    const before = await toastRead(client);
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM snapshots_fts f WHERE f.id = ANY (${list}::bigint[]) AND ${test(args, q)}`,
      args.values,
    );
    return { matched: rows[0].n, toastBlocks: (await toastRead(client)) - before };
  }

  it("takes captures holding a query's words as written without reading their stemmed vectors", async () => {
    const query = allOf(["community", "clinic"]);
    await inTransaction(pool, async (client) => {
      const { rows: held } = await client.query<{ id: string }>(
        `SELECT id FROM search_rank_vectors WHERE fts_exact @@ to_tsquery('archive.simple_unaccent', $1)`,
        [query.tsquery],
      );
      const ids = held.map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      const tested = await matching(client, ids, query, (args, q) => matchSql(q, args, query));
      const first = await matching(client, ids, query, (args, q) =>
        exactFirst(matchSql(q, args, query), args, query),
      );
      expect(tested).toEqual({ matched: ids.length, toastBlocks: expect.any(Number) });
      expect(tested.toastBlocks).toBeGreaterThan(0);
      expect(first).toEqual({ matched: ids.length, toastBlocks: 0 });
    });
  });

  it("answers a query its pairs decide from the words as written alone, stopwords included", async () => {
    for (const phrase of ['"les enfants"', '"community clinic"', '"les enfants" "grippe saisonniere"']) {
      const query = booleanMatch(parseBoolean(phrase) as BoolNode);
      expect(query.pairsDecide, phrase).toBe(true);
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: string }>("SELECT id FROM snapshots_fts");
        const ids = rows.map((r) => r.id);
        const tested = await matching(client, ids, query, (args, q) => matchSql(q, args, query));
        const sampled = await matching(client, ids, query, (args, q) =>
          exactWhereSame(matchSql(q, args, query), args, query),
        );
        expect(tested.matched, phrase).toBeGreaterThan(0);
        expect(tested.matched, phrase).toBeLessThan(ids.length);
        expect(tested.toastBlocks, phrase).toBeGreaterThan(0);
        expect(sampled, phrase).toEqual({ matched: tested.matched, toastBlocks: 0 });
      });
    }
    // Anything else its pairs do not decide is tested as before wherever most captures fail it.
    const words = allOf(["community", "clinic"]);
    expect(exactWhereSame("m", new Params(), words)).toBe("m");
  });

  it("answers the counted way when the candidates do not fill the requested page", async () => {
    // Measles is in a quarter of the pages, and never in a title or a page's first words.
    const p = searchParams("measles", { pageSize: 100 });
    const exact = await counted(p);
    const fast = await estimated(p);
    expect(fast).toEqual(exact);
    expect(fast.totalEstimated).toBeUndefined();
    expect(exact.total).toBe(Math.ceil(URLS / 4));
  });
});
