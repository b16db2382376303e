import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeUrlGroup } from "../../shared/archive/normalize-url.js";
import { type BackendPair, startBackendPair } from "../../tests/helpers/backend-pair.js";
import { pgCurrentVersion, pgDowngrade, pgHistory, pgUpgrade } from "../db/pg/migrations.js";
import { inTransaction } from "../db/pg/pool.js";
import { DEMO_VERSIONS, renderDemoSite } from "./demo-site/render.js";
import { detectLanguage, extractText } from "./extract-page.js";
import { archiveModule } from "./index.js";
import { archivePgMigrations } from "./migrations/pg/index.js";
import { searchSnapshotsPg } from "./repository-pg/search.js";
import { insertSnapshotPg } from "./repository-pg/snapshot-writes.js";
import { runSearch, type SearchParams } from "./search/search.js";
import { searchIndexReady, startSearchIndex } from "./search/search-index.js";
import { insertSnapshot, type NewSnapshot } from "./snapshots-store.js";
import { GOLDEN_QUERIES } from "./tasks/golden-queries.js";

let pair: BackendPair;
let searchIndex: { stop(): void } | undefined;

/** The demo site's pages, both versions, as captures of one source. */
function demoCaptures(): NewSnapshot[] {
  const out: NewSnapshot[] = [];
  for (const version of [1, 2] as const) {
    for (const [path, file] of renderDemoSite(version)) {
      if (!file.type.startsWith("text/html") || path.startsWith("/private")) continue;
      const page = extractText(file.body);
      const url = `http://demo.example${path}`;
      out.push({
        job_id: null as unknown as number,
        source_id: 4,
        url,
        normalized_url_group: normalizeUrlGroup(url),
        capture_timestamp: `${DEMO_VERSIONS[version]}T10:00:00.000Z`,
        mime_type: "text/html",
        status_code: file.status ?? 200,
        title: page.title || null,
        snippet: page.text.slice(0, 200) || null,
        language: detectLanguage(page.lang, page.text),
        capture_backend: "test",
        capture_fidelity: "high",
        provenance_json: "{}",
        warc_path: "demo.warc.gz",
        warc_record_id: `<urn:demo:${version}:${path}>`,
        content_hash: createHash("sha256").update(page.text).digest("hex"),
        text: page.text,
      });
    }
  }
  return out;
}

beforeAll(async () => {
  pair = await startBackendPair({
    schema: "archive",
    migrations: archiveModule.migrations,
    pgMigrations: archivePgMigrations,
  });
  const captures = demoCaptures();
  const now = "2026-11-20T15:00:00.000Z";
  await pair.store.write((tx) => {
    for (const c of captures) insertSnapshot(tx, c, now);
  });
  await inTransaction(pair.pool, async (client) => {
    for (const c of captures) await insertSnapshotPg(client, c, now);
  });
  // The sql.js backend answers from its packed index once built, as the running server does.
  searchIndex = startSearchIndex(pair.store, (err) => {
    throw err;
  });
  while (!searchIndexReady(pair.store)) await new Promise((r) => setTimeout(r, 20));
}, 120_000);

afterAll(async () => {
  searchIndex?.stop();
  await pair?.close();
});

const params = (q: string, over: Partial<SearchParams> = {}): SearchParams => ({
  q,
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize: 10,
  includeNon2xx: false,
  includeDuplicates: false,
  ...over,
});

type Outcome = Awaited<ReturnType<typeof searchSnapshotsPg>>;
const sqljsSearch = async (p: SearchParams): Promise<Outcome> => {
  const { answeredBy: _by, ...out } = await runSearch(pair.store, p);
  return out;
};
const top = (o: Outcome, n: number) => o.hits.slice(0, n).map((h) => h.group);
/** What a reply is made of, whichever backend answered. */
const shape = (o: Outcome) => ({
  keys: Object.keys(o).sort(),
  mode: o.mode,
  hitKeys: o.hits.map((h) => Object.keys(h).sort()),
  markKeys: Object.keys(o.marks).sort(),
  prefix: o.marks.prefix,
});

describe("archive search on sql.js and PostgreSQL", () => {
  it("finds the same top pages for the golden queries", async () => {
    for (const q of GOLDEN_QUERIES) {
      const a = await sqljsSearch(params(q));
      const b = await searchSnapshotsPg(pair.pool, params(q));
      // Stemming only adds matches: a query every word of which sql.js finds is one on PostgreSQL too.
      if (a.mode === "relevance_fts") expect(b.mode, q).toBe("relevance_fts");
      if (a.mode !== b.mode || !a.hits.length) continue;
      // Each backend's first page is among the other's first three (the scores differ).
      expect(top(b, 3), q).toContain(a.hits[0].group);
      expect(top(a, 3), q).toContain(b.hits[0].group);
    }
  });

  it("answer all six modes in both views in the same shape, newest and URL ones identically", async () => {
    const queries = {
      relevance_fts: "influenza",
      relevance_fallback: "influ",
      relevance_fuzzy: "influenzza",
      boolean: '"seasonal influenza" OR (title:measles NOT rougeole)',
      url: "http://demo.example/en/topics/influenza/",
      newest: "",
    };
    for (const [mode, q] of Object.entries(queries))
      for (const view of ["pages", "snapshots"] as const) {
        const p = params(q, { view, includeDuplicates: true, pageSize: 100 });
        const a = await sqljsSearch(p);
        const b = await searchSnapshotsPg(pair.pool, p);
        expect(shape(a), `${mode} ${view}`).toEqual({ ...shape(b), mode });
        expect(b.total, `${mode} ${view}`).toBeGreaterThan(0);
        expect(new Set(b.hits.map((h) => h.group)), `${mode} ${view}`).toEqual(
          new Set(a.hits.map((h) => h.group)),
        );
        if (mode === "url" || mode === "newest") expect(b, `${mode} ${view}`).toEqual(a);
      }
  });

  it("apply the filters, URL prefixes and paging alike", async () => {
    const cases: Partial<SearchParams>[] = [
      { q: "http://demo.example/en/topics/infl" },
      { q: "", language: "fr", from: "2026-01-01", source: "demo", page: 2, pageSize: 3 },
      { q: "", to: "2025-12-31", view: "snapshots", includeNon2xx: true },
      { q: "", source: "hc" },
    ];
    for (const c of cases) {
      const p = params(c.q ?? "", c);
      expect(await searchSnapshotsPg(pair.pool, p), JSON.stringify(c)).toEqual(await sqljsSearch(p));
    }
  });
});

describe("archive repository on PostgreSQL", () => {
  it("migrates up, down to nothing and up again, each revision once when two processes start together", async () => {
    const url = pair.cluster.createDatabase("migrations");
    const [first, other] = [pair.pgPool(url), pair.pgPool(url)];
    const applied = await Promise.all([
      pgUpgrade(first, "archive", archivePgMigrations),
      pgUpgrade(other, "archive", archivePgMigrations),
    ]);
    expect(applied.flat().sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await pgCurrentVersion(first, "archive")).toBe(6);
    expect((await pgHistory(first, "archive", archivePgMigrations)).every((m) => m.applied)).toBe(true);
    for (const version of [6, 5, 4, 3, 2, 1])
      expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(version);
    expect(await pgDowngrade(first, "archive", archivePgMigrations)).toBeNull();
    const left = await first.query(
      `SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE nspname = 'archive'
       UNION ALL SELECT extname FROM pg_extension WHERE extname IN ('unaccent', 'pg_trgm')
       UNION ALL SELECT cfgname FROM pg_ts_config WHERE cfgname LIKE '%unaccent'`,
    );
    expect(left.rows.map((r) => r.relname).sort()).toEqual(["_migrations", "_migrations_pkey"]);
    expect(await pgUpgrade(first, "archive", archivePgMigrations)).toEqual([1, 2, 3, 4, 5, 6]);
    const sources = await first.query("SELECT code, name_fr FROM sources ORDER BY id");
    expect(sources.rows.map((r) => r.code)).toEqual(["hc", "phac", "cihr", "demo"]);
  });
});
