/**
 * The archive repository's two backends side by side (sql.js and a throwaway PostgreSQL cluster):
 * the same writes answered and read back alike, search held to the same top pages and response
 * shape, and what only PostgreSQL must show: a failed write leaves nothing, revisions go up, down
 * and up, and two processes never take the same job or schedule slot.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeUrlGroup } from "../../shared/archive/normalize-url.js";
import { everyRead } from "../../tests/helpers/archive-reads.js";
import { config, demoCaptures, NOW, writeEverything } from "../../tests/helpers/archive-writes.js";
import { type BackendPair, startBackendPair } from "../../tests/helpers/backend-pair.js";
import { openTempStore } from "../../tests/helpers/temp-store.js";
import { upgrade } from "../db/migrations.js";
import { pgCurrentVersion, pgDowngrade, pgHistory, pgUpgrade } from "../db/pg/migrations.js";
import { archiveModule } from "./index.js";
import { LEAD_WORDS } from "./migrations/pg/009-rank-lead.js";
import { archivePgMigrations } from "./migrations/pg/index.js";
import type { ArchiveRepository } from "./repository.js";
import { archiveRepository } from "./repository-of.js";
import { createPgArchiveRepository } from "./repository-pg/index.js";
import { CANDIDATES } from "./repository-pg/search-ranked.js";
import { searchIndexReady, startSearchIndex } from "./search/search-index.js";
import type { SearchOutcome, SearchParams } from "./search/search-types.js";
import { GOLDEN_QUERIES } from "./tasks/golden-queries.js";

const ROOT = mkdtempSync(path.join(os.tmpdir(), "archive-warcs-"));

let pair: BackendPair;
let sqljs: ArchiveRepository;
let postgres: ArchiveRepository;
let searchIndex: { stop(): void } | undefined;

beforeAll(async () => {
  pair = await startBackendPair({
    schema: "archive",
    migrations: archiveModule.migrations,
    pgMigrations: archivePgMigrations,
  });
  sqljs = archiveRepository(pair.store, ROOT);
  postgres = createPgArchiveRepository(pair.pool, ROOT);
}, 120_000);

afterAll(async () => {
  searchIndex?.stop();
  await pair?.close();
  rmSync(ROOT, { recursive: true, force: true });
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

/**
 * The shared writes, made once on each backend whichever test asks first, so a test run alone
 * (`-t golden`) has the same data as the whole file.
 */
let written: Promise<[unknown, unknown]> | undefined;
const writeBoth = () => {
  written ??= (async () => [await writeEverything(postgres, ROOT), await writeEverything(sqljs, ROOT)])();
  return written;
};

/**
 * How many of the golden queries both backends must answer in the same mode with hits, so that
 * their top pages are compared. The others find nothing in the demo writes (a page must hold, or
 * begin, every word: "covid vaccine" finds nothing where no page names covid), or are a typo's
 * on one backend and whole words on the other (stemming); fewer compared means a backend stopped
 * finding what it found.
 */
const GOLDEN_COMPARED_AT_LEAST = 12;

type Outcome = Omit<SearchOutcome, "answeredBy">;
const search = async (repo: ArchiveRepository, p: SearchParams): Promise<Outcome> => {
  const { answeredBy: _by, ...out } = await repo.searchSnapshotsUncached(p);
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

describe("archive repository on sql.js and PostgreSQL", () => {
  it("start alike", async () => {
    expect(await everyRead(postgres)).toEqual(await everyRead(sqljs));
  });

  it("answer the same writes alike and read back the same records", async () => {
    const [onPostgres, onSqljs] = await writeBoth();
    expect(onPostgres).toEqual(onSqljs);
    const [a, b] = [await everyRead(sqljs), await everyRead(postgres)];
    for (const key of Object.keys(a))
      expect.soft(b[key as keyof typeof b], key).toEqual(a[key as keyof typeof a]);
    // Each WARC's extent is the end of its furthest record (offset + length), under the root.
    expect(a.warcs.length).toBeGreaterThan(1);
    for (const w of a.warcs) {
      expect(w.path.startsWith(`${ROOT}${path.sep}jobs${path.sep}`)).toBe(true);
      expect(w.bytes).toBeGreaterThan(700);
    }
    expect(a.noWarcs).toEqual([]);
  });
});

describe("annual edition status on sql.js and PostgreSQL", () => {
  const recount = (status: string) => ({
    summary: {
      status,
      searchReady: false,
      researchReady: false,
      intended: 0,
      captured: 0,
      failed: 0,
      excluded: 0,
    } as never,
    backendCounts: {},
    manifestPath: null,
    reportJsonPath: "/report.json",
    reportMdPath: "/report.md",
    shards: [],
  });

  it("refuse `indexed` (a job status) and take the five edition statuses", async () => {
    for (const repo of [sqljs, postgres]) {
      const edition = await repo.ensureEdition(4, 2031, NOW);
      await expect(repo.saveRecount(edition.id, recount("indexed"), NOW)).rejects.toThrow(/status/);
      expect((await repo.getEdition(edition.id))?.status).toBe("planned");
      await repo.saveRecount(edition.id, recount("needs_review"), NOW);
      expect((await repo.getEdition(edition.id))?.status).toBe("needs_review");
    }
  });

  it("repair editions stored as `indexed` before the rule, from their search-ready flag", async () => {
    const insert = `INSERT INTO annual_editions (source_id, year, status, search_ready, created_at, updated_at)
      VALUES (4, 2020, 'indexed', 1, 'x', 'x'), (4, 2021, 'indexed', 0, 'x', 'x'), (4, 2022, 'planned', 0, 'x', 'x')`;
    const select = "SELECT year, status FROM annual_editions ORDER BY year";
    const expected = [
      { year: 2020, status: "search_ready" },
      { year: 2021, status: "needs_review" },
      { year: 2022, status: "planned" },
    ];
    const temp = await openTempStore({
      name: "archive",
      migrations: archiveModule.migrations.filter((m) => m.version < 12),
    });
    try {
      await temp.store.write((tx) => tx.run(insert));
      expect(
        await upgrade(
          temp.store,
          archiveModule.migrations.filter((m) => m.version <= 12),
        ),
      ).toEqual([12]);
      expect(temp.store.all(select)).toEqual(expected);
      await expect(
        temp.store.write((tx) => tx.run("UPDATE annual_editions SET status = 'indexed' WHERE year = 2022")),
      ).rejects.toThrow(/CHECK constraint failed/);
    } finally {
      await temp.close();
    }
    const pool = pair.pgPool(pair.cluster.createDatabase("edition_status"));
    await pgUpgrade(
      pool,
      "archive",
      archivePgMigrations.filter((m) => m.version < 12),
    );
    await pool.query(insert);
    expect(
      await pgUpgrade(
        pool,
        "archive",
        archivePgMigrations.filter((m) => m.version <= 12),
      ),
    ).toEqual([12]);
    expect((await pool.query(select)).rows).toEqual(expected);
    await expect(
      pool.query("UPDATE annual_editions SET status = 'indexed' WHERE year = 2022"),
    ).rejects.toThrow(/annual_editions_status_allowed/);
  });
});

describe("maintenance windows on sql.js and PostgreSQL", () => {
  it("are scheduled, listed while announced or current, and ended alike", async () => {
    const window = (starts: string, ends: string) => ({
      type: "routine" as const,
      starts_at: starts,
      ends_at: ends,
      reason: "database upgrade",
      announced_at: "2026-11-30T00:00:00.000Z",
      override: null,
      override_reason: null,
      rules_broken: null,
    });
    const answers = [];
    for (const repo of [sqljs, postgres]) {
      const got = [
        await repo.scheduleMaintenanceWindow(
          window("2026-12-01T02:00:00.000Z", "2026-12-01T02:30:00.000Z"),
          "2026-11-30T00:00:00.000Z",
        ),
        await repo.scheduleMaintenanceWindow(
          {
            ...window("2026-12-03T02:00:00.000Z", "2026-12-03T08:00:00.000Z"),
            type: "major",
            override: "force",
            override_reason: "vendor's only slot",
            rules_broken: '["too long"]',
          },
          "2026-11-30T00:00:00.000Z",
        ),
      ];
      const before = await repo.maintenanceWindowsFrom("2026-12-01T02:10:00.000Z");
      expect(await repo.endCurrentMaintenance("2026-12-01T02:10:00.000Z")).toBe(1);
      const after = await repo.maintenanceWindowsFrom("2026-12-01T02:10:00.000Z");
      expect(before.map((w) => w.id)).toEqual(got.map((w) => w.id));
      expect(after.map((w) => w.id)).toEqual([got[1].id]);
      await expect(
        repo.scheduleMaintenanceWindow(
          { ...window("x", "y"), override: "force" },
          "2026-11-30T00:00:00.000Z",
        ),
      ).rejects.toThrow(/CHECK|check/);
      answers.push({ got: got.map(({ id: _id, ...w }) => w), after: after.map(({ id: _id, ...w }) => w) });
    }
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe("archive search on sql.js and PostgreSQL", () => {
  beforeAll(async () => {
    await writeBoth();
    // The sql.js backend answers from its packed index once built, as the running server does.
    searchIndex = startSearchIndex(sqljs, (err) => {
      throw err;
    });
    while (!searchIndexReady(pair.store)) await new Promise((r) => setTimeout(r, 20));
  });

  it("finds the same top pages for the golden queries", async () => {
    const compared: string[] = [];
    for (const q of GOLDEN_QUERIES) {
      const a = await search(sqljs, params(q));
      const b = await search(postgres, params(q));
      // Stemming only adds matches: a query every word of which sql.js finds is one on PostgreSQL too.
      if (a.mode === "relevance_fts") expect(b.mode, q).toBe("relevance_fts");
      if (a.mode !== b.mode || !a.hits.length) continue;
      // Each backend's first page is among the other's first three (the scores differ).
      expect(top(b, 3), q).toContain(a.hits[0].group);
      expect(top(a, 3), q).toContain(b.hits[0].group);
      compared.push(q);
    }
    expect(compared.length, `compared: ${compared.join(", ")}`).toBeGreaterThanOrEqual(
      GOLDEN_COMPARED_AT_LEAST,
    );
  });

  it("read a French elision or an English possessive as the word itself, on both backends", async () => {
    // "d'enfants" needed a word "d": sql.js found none and fell back to every page with a "d…" word.
    const plain = await search(sqljs, params("enfants", { pageSize: 100 }));
    expect(plain.total).toBeGreaterThan(0);
    for (const backend of [sqljs, postgres])
      for (const q of ["d'enfants", "l’enfants", "enfants's"]) {
        const r = await search(backend, params(q, { pageSize: 100 }));
        expect(r.mode, q).toBe("relevance_fts");
        if (backend === sqljs)
          expect(new Set(r.hits.map((h) => h.group)), q).toEqual(new Set(plain.hits.map((h) => h.group)));
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
        const a = await search(sqljs, p);
        const b = await search(postgres, p);
        expect(shape(a), `${mode} ${view}`).toEqual({ ...shape(b), mode });
        expect(b.total, `${mode} ${view}`).toBeGreaterThan(0);
        expect(new Set(b.hits.map((h) => h.group)), `${mode} ${view}`).toEqual(
          new Set(a.hits.map((h) => h.group)),
        );
        if (mode === "url" || mode === "newest") expect(b, `${mode} ${view}`).toEqual(a);
      }
  });

  it("answer title: queries and phrases with every page sql.js finds, by relevance or newest", async () => {
    // PostgreSQL answers a query of title: fields from its title indexes, a two-word phrase from
    // its word pairs, neither reading the page's words (newest first failed on both: a parameter
    // no expression read).
    const queries = [
      '"seasonal influenza"',
      "title:influenza",
      "title:grippe",
      'title:"seasonal influenza"',
      "title:influenza OR title:measles",
      "title:influenza NOT title:avian",
      "title:influenza vaccine",
      "title:measles OR vaccine",
    ];
    const found: string[] = [];
    for (const q of queries)
      for (const [view, sort] of [
        ["pages", "relevance"],
        ["snapshots", "relevance"],
        ["pages", "newest"],
      ] as const) {
        const p = params(q, { view, sort, includeDuplicates: true, pageSize: 100 });
        const a = await search(sqljs, p);
        const b = await search(postgres, p);
        // Stemming only adds matches ("vaccine" finds "vaccines" on PostgreSQL).
        const onPg = new Set(b.hits.map((h) => h.group));
        expect(b.total, `${q} ${view} ${sort}`).toBeGreaterThanOrEqual(a.total);
        for (const h of a.hits) expect(onPg.has(h.group), `${q} ${view} ${sort}: ${h.group}`).toBe(true);
        if (a.total) found.push(q);
      }
    // Not vacuous: most of them find pages.
    expect(new Set(found).size).toBeGreaterThanOrEqual(5);
  });

  it("apply the filters, URL prefixes and paging alike", async () => {
    const cases: Partial<SearchParams>[] = [
      { q: "http://demo.example/en/topics/infl" },
      { q: "", language: "fr", from: "2026-01-01", source: "demo", page: 2, pageSize: 3 },
      { q: "", to: "2025-12-31", view: "snapshots", includeNon2xx: true },
      { q: "", source: "hc" },
      // Newest with the default filters: PostgreSQL reads its page rows and capture-order index.
      { q: "" },
      { q: "", page: 2, pageSize: 2 },
      { q: "", view: "snapshots", page: 2, pageSize: 3 },
    ];
    for (const c of cases) {
      const p = params(c.q ?? "", c);
      expect(await search(postgres, p), JSON.stringify(c)).toEqual(await search(sqljs, p));
    }
    // A quoted phrase matches the words as written on both: the same pages and total (alone, its
    // word pair decides it on PostgreSQL; beside NOT, the stemmed vectors are tested too).
    for (const q of ['"seasonal influenza"', '"seasonal influenza" NOT measles'])
      for (const view of ["pages", "snapshots"] as const) {
        const p = params(q, { view, pageSize: 100 });
        const [a, b] = [await search(sqljs, p), await search(postgres, p)];
        expect(b.total, view).toBeGreaterThan(0);
        expect({ total: b.total, groups: new Set(top(b, 100)) }, `${q} ${view}`).toEqual({
          total: a.total,
          groups: new Set(top(a, 100)),
        });
      }
    // Newest first over a word's matches: the same captures in the same order (scores aside).
    const unscored = (o: Outcome) => ({ ...o, hits: o.hits.map(({ score: _s, ...h }) => h) });
    for (const view of ["pages", "snapshots"] as const) {
      const p = params("influenza", { sort: "newest", view, pageSize: 50 });
      expect(unscored(await search(postgres, p)), view).toEqual(unscored(await search(sqljs, p)));
    }
  });

  it("count a page once when any listed capture holds one of the words, and show its latest such capture", async () => {
    // Four captures of one page: two listed ones with a word each, a 404 and a duplicate with
    // words of their own, which the default filters leave out (on PostgreSQL, out of the page's
    // word union too: revision 11); and a second page whose duplicate alone holds "pangolin".
    const url = "http://demo.example/en/zebrafish/";
    const [model] = demoCaptures(0, ROOT);
    const capture = (jobId: number, day: number, status: number, word: string, hash: string, at = url) => ({
      ...model,
      job_id: jobId,
      url: at,
      normalized_url_group: normalizeUrlGroup(at),
      capture_timestamp: `2026-03-0${day}T10:00:00.000Z`,
      status_code: status,
      title: at === url ? "Zebrafish notes" : "Walrus notes",
      snippet: null,
      warc_record_id: `<urn:zebrafish:${day}>`,
      content_hash: hash,
      text: `Field notes on ${at === url ? "zebrafish" : "walruses"} and the ${word}.`,
    });
    for (const repo of [sqljs, postgres]) {
      const job = await repo.createJob({ sourceCode: "demo", name: "zebrafish", config }, NOW);
      await repo.recordCaptures(
        job.id,
        [
          capture(job.id, 1, 200, "quokka organisations", "h1"),
          capture(job.id, 2, 200, "narwhal", "h2"),
          capture(job.id, 3, 404, "axolotl", "h3"),
          capture(job.id, 4, 200, "pangolin", "h2"),
          capture(job.id, 5, 200, "seal rassemblement", "h5", "http://demo.example/en/walrus/"),
          capture(job.id, 6, 200, "pangolin", "h5", "http://demo.example/en/walrus/"),
        ],
        NOW,
      );
    }
    const seen = (o: Outcome) => ({
      mode: o.mode,
      total: o.total,
      hits: o.hits.map((h) => `${h.group} ${h.ts.slice(0, 10)} ${h.pageSnapshotsCount}`),
    });
    const expected = {
      quokka: ["relevance_fts", "2026-03-01"],
      narwhal: ["relevance_fts", "2026-03-02"],
      zebrafish: ["relevance_fts", "2026-03-02"],
      zebraf: ["relevance_fallback", "2026-03-02"],
      // Every word's beginning, not any: "walru" begins a word of the other page only.
      "zebraf narwh": ["relevance_fallback", "2026-03-02"],
      "zebraf walru": [null],
      // A prefix of the words as written, not of their stems: "organisatio" begins "organisations"
      // (stem "organis"), and no word begins "rassies" (French stem "rass", as "rassemblement" begins).
      organisatio: ["relevance_fallback", "2026-03-01"],
      rassies: [null],
      narwhel: ["relevance_fuzzy", "2026-03-02"],
      "quokka OR axolotl": ["boolean", "2026-03-01"],
      "quokka OR pangolin": ["boolean", "2026-03-01"],
      axolotl: [null],
      pangolin: [null],
    };
    for (const [q, [mode, day]] of Object.entries(expected)) {
      // One hit a page: with more, a total above the scored pages sends PostgreSQL to its complete statement.
      const p = params(q, { pageSize: 1 });
      const [a, b] = [seen(await search(sqljs, p)), seen(await search(postgres, p))];
      expect(b, q).toEqual(a);
      if (mode) expect(b, q).toEqual({ mode, total: 1, hits: [`${normalizeUrlGroup(url)} ${day} 4`] });
      else expect(b.total, q).toBe(0);
    }
  });

  it("rank a query matching more pages than PostgreSQL scores by its best capture, shown as its page's latest match", async () => {
    // 400 pages with the two words past every lead (no impact proposes them) on both captures,
    // but the first page's older capture has them in its title: the one candidate the impacts
    // propose on PostgreSQL. That page comes first, shown with its newer capture, which the 300
    // newest matches topping the candidates up do not reach.
    const PAGES = 400;
    const [model] = demoCaptures(0, ROOT);
    const filler = "notes ".repeat(LEAD_WORDS + 10);
    const capture = (jobId: number, page: number, day: number) => {
      const at = `http://demo.example/en/capybara/${page}/`;
      const top = page === 0 && day === 1;
      return {
        ...model,
        job_id: jobId,
        url: at,
        normalized_url_group: normalizeUrlGroup(at),
        capture_timestamp: `2026-04-0${day}T10:00:00.000Z`,
        status_code: 200,
        title: top ? "Capybara and ocelot" : `Field page ${page}`,
        snippet: null,
        warc_record_id: `<urn:capybara:${page}:${day}>`,
        content_hash: `capybara-${page}-${day}`,
        text: `${filler} capybara ocelot ${page}.`,
      };
    };
    for (const repo of [sqljs, postgres]) {
      const job = await repo.createJob({ sourceCode: "demo", name: "capybara", config }, NOW);
      const captures = [1, 2].flatMap((day) =>
        Array.from({ length: PAGES }, (_, page) => capture(job.id, page, day)),
      );
      await repo.recordCaptures(job.id, captures, NOW);
    }
    const first = `${normalizeUrlGroup("http://demo.example/en/capybara/0/")} 2026-04-02`;
    for (const repo of [sqljs, postgres]) {
      const out = await search(repo, params("capybara ocelot"));
      expect(out.total).toBe(PAGES);
      expect(`${out.hits[0].group} ${out.hits[0].ts.slice(0, 10)}`).toBe(first);
    }
  });

  it("show a proposed page by its latest match, and propose no page a word both languages drop", async () => {
    // On PostgreSQL, a capture holding a searched word in its lead is proposed by the impacts and
    // matches without its vectors being read, unless the word is a stopword of both languages
    // ("on"); only its page's newer captures are tested. Pages: "tayra" in the title of the first
    // capture, past the lead of the second and in neither of the third (newest) capture; "margay"
    // in the title of one capture and past the lead of another taken at the same time but
    // written first (the lower id, which the pages view shows); "on" in a title without "tayra";
    // and more pages than the impacts propose, deeper (ranked lower), with both words in their
    // titles, so no newest match tops the candidates up (those would show every page's latest).
    const DEEP = CANDIDATES + 20;
    const filler = "notes ".repeat(LEAD_WORDS + 10);
    const [model] = demoCaptures(0, ROOT);
    const capture = (jobId: number, page: string, day: number, title: string, text: string, n: number) => {
      // Neutral URLs: URL words are searched too.
      const at = `http://demo.example/en/${page}/`;
      return {
        ...model,
        job_id: jobId,
        url: at,
        normalized_url_group: normalizeUrlGroup(at),
        capture_timestamp: `2026-05-0${day}T10:00:00.000Z`,
        status_code: 200,
        title,
        snippet: null,
        warc_record_id: `<urn:${page}:${n}>`,
        content_hash: `${page}-${n}`,
        text,
      };
    };
    const ids = new Map<ArchiveRepository, number[]>();
    for (const repo of [sqljs, postgres]) {
      const job = await repo.createJob({ sourceCode: "demo", name: "tayra", config }, NOW);
      const c = (page: string, day: number, title: string, text: string, n: number) =>
        capture(job.id, page, day, title, text, n);
      const deep = Array.from({ length: DEEP }, (_, i) =>
        c(`deep/a/b/c/field-${i}`, 4, "Tayra and margay", "Field notes.", 10 + i),
      );
      ids.set(
        repo,
        await repo.recordCaptures(
          job.id,
          [
            c("field-1", 1, "Tayra", "Field notes.", 1),
            c("field-1", 2, "Field page", `${filler} tayra.`, 2),
            c("field-1", 3, "Field page", `${filler} nothing.`, 3),
            c("field-2", 1, "Field page", `${filler} margay.`, 4),
            c("field-2", 1, "Margay", "Field notes.", 5),
            c("field-3", 1, "On call", "Field notes.", 6),
            ...deep,
          ],
          NOW,
        ),
      );
    }
    const group = (page: string) => normalizeUrlGroup(`http://demo.example/en/${page}/`);
    // The capture (its number above) each page is shown by, for the given pages.
    const shown = (repo: ArchiveRepository, o: Outcome, pages: string[]) =>
      o.hits
        .filter((h) => pages.some((page) => h.group === group(page)))
        .map((h) => `${h.group} ${(ids.get(repo) ?? []).indexOf(h.id) + 1}`);
    for (const repo of [sqljs, postgres]) {
      const tayra = await search(repo, params("tayra", { pageSize: 99 }));
      expect(tayra.total).toBe(DEEP + 1);
      expect(shown(repo, tayra, ["field-1"])).toEqual([`${group("field-1")} 2`]);
      const margay = await search(repo, params("margay", { pageSize: 99 }));
      expect(shown(repo, margay, ["field-2"])).toEqual([`${group("field-2")} 4`]);
    }
    // sql.js has no stopwords ("on" matches there); PostgreSQL's stemmed vectors hold no "on".
    const either = await search(postgres, params("on OR tayra", { pageSize: 99 }));
    expect(either.total).toBe(DEEP + 1);
    expect(shown(postgres, either, ["field-1", "field-3"])).toEqual([`${group("field-1")} 2`]);
  });
});

describe("archive repository on PostgreSQL", () => {
  /** A second database the tests below share, reached by two pools as two processes would. */
  let url: string;
  let repos: ArchiveRepository[];
  beforeAll(async () => {
    url = pair.cluster.createDatabase("two_processes");
    const pools = [pair.pgPool(url), pair.pgPool(url)];
    await pgUpgrade(pools[0], "archive", archivePgMigrations);
    repos = pools.map((pool) => createPgArchiveRepository(pool, ROOT));
  });

  it("leaves nothing behind when a write fails half-way, also seen from a new pool", async () => {
    const [repo] = repos;
    const job = await repo.createJob({ sourceCode: "demo", name: "rollback", config }, NOW);
    const [first, second] = demoCaptures(job.id, ROOT).slice(0, 2);
    const before = {
      n: await repo.countSnapshots(),
      job: await repo.getJob(job.id),
      version: await repo.dataVersion(),
    };
    // The second capture breaks a database rule (an unknown fidelity) after the first was written.
    const broken = { ...second, capture_fidelity: "guessed" as "high" };
    await expect(repo.recordCaptures(job.id, [first, broken], NOW)).rejects.toThrow(/capture_fidelity/);
    const other = createPgArchiveRepository(pair.pgPool(url), ROOT);
    for (const r of [repo, other]) {
      expect(await r.countSnapshots()).toBe(before.n);
      expect(await r.getJob(job.id)).toEqual(before.job);
      expect((await r.searchSnapshotsUncached(params(first.title ?? ""))).total).toBe(0);
    }
  });

  it("gives each job to exactly one of two processes' workers racing for them", async () => {
    const [a, b] = repos;
    for (let i = 0; i < 24; i++) await a.createJob({ sourceCode: "demo", name: `race-${i}`, config }, NOW);
    const waiting = (await b.jobsWithStatus("queued")).map((j) => j.id);
    expect(waiting.length).toBeGreaterThanOrEqual(24);
    const worker = async (repo: typeof a, name: string) => {
      const got: number[] = [];
      for (;;) {
        const job = await repo.claimNextJob(name, NOW);
        if (!job) return got;
        expect(job).toMatchObject({ status: "running", claimed_by: name });
        got.push(job.id);
      }
    };
    const claims = await Promise.all([worker(a, "a1"), worker(a, "a2"), worker(b, "b1"), worker(b, "b2")]);
    expect(claims.flat().sort((x, y) => x - y)).toEqual(waiting);
    // Both processes took part (neither waited on the other's locked row).
    expect(claims[0].length + claims[1].length).toBeGreaterThan(0);
    expect(claims[2].length + claims[3].length).toBeGreaterThan(0);
  });

  it("keeps both words when two processes add captures of one page at once", async () => {
    // Each page gets one capture from each process at the same moment, each with its own word:
    // the page's word union (revision 11) must end with both, whichever transaction waited.
    const [model] = demoCaptures(0, ROOT);
    const jobs = await Promise.all(
      repos.map((r, i) => r.createJob({ sourceCode: "demo", name: `union-${i}`, config }, NOW)),
    );
    const words = ["ocelot", "tapir"];
    for (let n = 0; n < 8; n++) {
      const url = `http://demo.example/en/union/${n}/`;
      await Promise.all(
        repos.map((r, i) =>
          r.recordCaptures(
            jobs[i].id,
            [
              {
                ...model,
                job_id: jobs[i].id,
                url,
                normalized_url_group: normalizeUrlGroup(url),
                capture_timestamp: `2026-04-0${i + 1}T10:00:00.000Z`,
                warc_record_id: `<urn:union:${n}:${i}>`,
                content_hash: `union-${n}-${i}`,
                title: "Union notes",
                text: `Union notes on the ${words[i]}.`,
              },
            ],
            NOW,
          ),
        ),
      );
    }
    for (const [i, word] of words.entries())
      for (const repo of repos) {
        const out = await repo.searchSnapshotsUncached(params(word, { pageSize: 20 }));
        expect({ mode: out.mode, total: out.total }, word).toEqual({ mode: "relevance_fts", total: 8 });
        expect(new Set(out.hits.map((h) => h.ts.slice(0, 10))), word).toEqual(new Set([`2026-04-0${i + 1}`]));
      }
  });

  it("lets exactly one of two processes claim a schedule slot", async () => {
    const [a, b] = repos;
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? a : b).claimScheduledRun("annual-search-verify", "2026-11-20T15"),
      ),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    expect(await a.claimScheduledRun("annual-search-verify", "2026-11-20T16")).toBe(true);
  });

  it("forgets a task's slots older than 30 days when it claims a new one, on both backends", async () => {
    for (const repo of [sqljs, repos[0]]) {
      const claim = (slot: string) => repo.claimScheduledRun("cleanup-automation", `${slot}T00:00:00.000Z`);
      expect([await claim("2026-01-01"), await claim("2026-01-20"), await claim("2026-01-01")]).toEqual([
        true,
        true,
        false,
      ]);
      // Claiming February 15 drops January 1 (more than 30 days before), so it could be taken again.
      expect([await claim("2026-02-15"), await claim("2026-01-01"), await claim("2026-01-20")]).toEqual([
        true,
        true,
        false,
      ]);
    }
  });

  it("migrates up, down to nothing and up again, each revision once when two processes start together", async () => {
    const url = pair.cluster.createDatabase("migrations");
    const [first, other] = [pair.pgPool(url), pair.pgPool(url)];
    const versions = archivePgMigrations.map((m) => m.version);
    const upTo7 = archivePgMigrations.filter((m) => m.version <= 7);
    const applied = await Promise.all([
      pgUpgrade(first, "archive", upTo7),
      pgUpgrade(other, "archive", upTo7),
    ]);
    expect(applied.flat().sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // A job written before revision 8, with its absolute folder and WARC path.
    const dir = "/srv/chc/archive/jobs/1";
    await first.query(
      `INSERT INTO archive_jobs (id, source_id, name, output_dir, state_file_path, status, created_at, updated_at)
       VALUES (1, 4, 'old', '${dir}', '${dir}/.archive_state.json', 'indexed', 'x', 'x')`,
    );
    await first.query(
      `INSERT INTO snapshots (job_id, source_id, url, capture_timestamp, status_code, warc_path, created_at, updated_at)
       VALUES (1, 4, 'http://a.example/', 'x', 200, '${dir}/a.warc.gz', 'x', 'x')`,
    );
    // Its search entry, written before revision 9 adds the ranking lead and URL weight.
    await first.query(`INSERT INTO snapshots_fts (id, fts_en, fts_fr, fts_exact)
      SELECT id, to_tsvector('archive.english_unaccent', 'Flu clinics'), ''::tsvector, setweight(to_tsvector('archive.simple_unaccent', 'Flu clinic'), 'A')
        || to_tsvector('archive.simple_unaccent', 'hours ${"x ".repeat(LEAD_WORDS)}late words') FROM snapshots`);
    const paths = async () =>
      (
        await first.query(
          "SELECT j.output_dir, j.state_file_path, j.combined_log_path, s.warc_path FROM archive_jobs j JOIN snapshots s ON s.job_id = j.id",
        )
      ).rows[0];
    expect(await pgUpgrade(first, "archive", archivePgMigrations)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    const { rows: rank } = await first.query(
      "SELECT f.rank_lead::text AS lead, v.url_weight FROM snapshots_fts f JOIN search_rank_vectors v ON v.id = f.id",
    );
    // Title words and the first LEAD_WORDS page words stay (with all their positions); later ones go.
    expect(rank[0].lead).toMatch(/^'clinic':2A 'flu':1A 'hours':3 'x':4,5,/);
    expect(rank[0].lead).not.toMatch(/late|words/);
    expect(rank[0].url_weight).toBe(1);
    // Revision 10: the page row, the search row's own copy of the capture's columns, the lead's impacts.
    const { rows: page } = await first.query(
      `SELECT p.g, p.listed_id, f.ts, f.source_id, (SELECT array_agg(term ORDER BY term) FROM search_impacts) AS terms
         FROM snapshots_fts f JOIN search_pages p ON p.id = f.page_id`,
    );
    expect(page).toEqual([
      {
        g: "http://a.example/",
        listed_id: 1,
        ts: "x",
        source_id: 4,
        terms: ["clinic", "flu", "hours", "x"],
      },
    ]);
    expect(await paths()).toEqual({
      output_dir: "jobs/1",
      state_file_path: "jobs/1/.archive_state.json",
      combined_log_path: null,
      warc_path: "jobs/1/a.warc.gz",
    });
    // Revision 11: the listed capture's words, positions stripped, as its page's union.
    const { rows: union } = await first.query(
      "SELECT page_id, words_en::text AS en, words_fr::text AS fr FROM search_page_words",
    );
    expect(union).toEqual([{ page_id: 1, en: "'clinic' 'flu'", fr: "" }]);
    // Revision 16: the ranking vector moved to its own table, kept in the row (no TOAST read to score).
    const { rows: moved } = await first.query(
      `SELECT v.fts_exact::text AS exact, a.attstorage,
         (SELECT count(*) FROM pg_attribute x WHERE x.attrelid = 'snapshots_fts'::regclass
           AND x.attname = 'fts_exact' AND NOT x.attisdropped) AS left_in_fts
         FROM search_rank_vectors v, pg_attribute a
        WHERE a.attrelid = 'search_rank_vectors'::regclass AND a.attname = 'fts_exact'`,
    );
    expect(moved).toEqual([
      {
        exact: expect.stringMatching(/^'clinic':2A 'flu':1A 'hours':3 .*'late':\d+ .*'words':\d+/),
        attstorage: "m",
        left_in_fts: 0,
      },
    ]);
    expect(await pgCurrentVersion(first, "archive")).toBe(19);
    expect((await pgHistory(first, "archive", archivePgMigrations)).every((m) => m.applied)).toBe(true);
    // Revision 19 adds the captured redirects; its downgrade drops them.
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(19);
    expect((await first.query("SELECT to_regclass('capture_redirects') AS t")).rows).toEqual([{ t: null }]);
    // Revision 18 indexes the title's words of each vector; its downgrade drops them.
    const titleIndexes = async () =>
      (
        await first.query<{ indexname: string }>(
          "SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%ts_filter%' ORDER BY indexname",
        )
      ).rows.map((r) => r.indexname);
    expect(await titleIndexes()).toEqual(["snapshots_fts_title_en", "snapshots_fts_title_fr"]);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(18);
    expect(await titleIndexes()).toEqual([]);
    // Revision 17 only redefines rank_lead and word_pairs (migrations/pg/entry-functions.test.ts).
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(17);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(16);
    const { rows: back } = await first.query("SELECT fts_exact::text AS exact FROM snapshots_fts");
    expect(back).toEqual([{ exact: moved[0].exact }]);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(15);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(14);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(13);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(12);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(11);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(10);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(9);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(8);
    expect(await paths()).toEqual({
      output_dir: dir,
      state_file_path: `${dir}/.archive_state.json`,
      combined_log_path: null,
      warc_path: `${dir}/a.warc.gz`,
    });
    await first.query("DELETE FROM snapshots; DELETE FROM archive_jobs");
    for (const version of versions.filter((v) => v <= 7).reverse())
      expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(version);
    expect(await pgDowngrade(first, "archive", archivePgMigrations)).toBeNull();
    const left = await first.query(
      `SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE nspname = 'archive'
       UNION ALL SELECT extname FROM pg_extension WHERE extname IN ('unaccent', 'pg_trgm')
       UNION ALL SELECT cfgname FROM pg_ts_config WHERE cfgname LIKE '%unaccent'`,
    );
    expect(left.rows.map((r) => r.relname).sort()).toEqual(["_migrations", "_migrations_pkey"]);
    expect(await pgUpgrade(first, "archive", archivePgMigrations)).toEqual(versions);
    const sources = await first.query("SELECT code FROM sources ORDER BY id");
    expect(sources.rows.map((r) => r.code)).toEqual(["hc", "phac", "cihr", "demo"]);
  });
});
