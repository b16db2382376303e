import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { normalizeUrlGroup } from "../../shared/archive/normalize-url.js";
import { type BackendPair, startBackendPair } from "../../tests/helpers/backend-pair.js";
import { pgCurrentVersion, pgDowngrade, pgHistory, pgUpgrade } from "../db/pg/migrations.js";
import { DEMO_VERSIONS, renderDemoSite } from "./demo-site/render.js";
import { detectLanguage, extractText } from "./extract-page.js";
import { archiveModule } from "./index.js";
import { archivePgMigrations } from "./migrations/pg/index.js";
import type { ArchiveRepository, NewSnapshot } from "./repository.js";
import { archiveRepository } from "./repository-of.js";
import { createPgArchiveRepository } from "./repository-pg/index.js";
import { searchIndexReady, startSearchIndex } from "./search/search-index.js";
import type { SearchOutcome, SearchParams } from "./search/search-types.js";
import { GOLDEN_QUERIES } from "./tasks/golden-queries.js";

const NOW = "2026-11-20T15:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const ROOT = mkdtempSync(path.join(os.tmpdir(), "archive-warcs-"));
const config = (() => {
  const parsed = parseJobConfig({ seeds: ["http://demo.example/"], scope: { allow_private: true } });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.config;
})();

let pair: BackendPair;
let sqljs: ArchiveRepository;
let postgres: ArchiveRepository;
let searchIndex: { stop(): void } | undefined;

/** The demo site's pages, both versions, as captures of one job of the demo source. */
function demoCaptures(jobId: number): NewSnapshot[] {
  const out: NewSnapshot[] = [];
  for (const version of [1, 2] as const) {
    for (const [page, file] of renderDemoSite(version)) {
      if (!file.type.startsWith("text/html") || page.startsWith("/private")) continue;
      const text = extractText(file.body);
      const url = `http://demo.example${page}`;
      out.push({
        job_id: jobId,
        source_id: 4,
        url,
        normalized_url_group: normalizeUrlGroup(url),
        capture_timestamp: `${DEMO_VERSIONS[version]}T10:00:00.000Z`,
        mime_type: "text/html",
        status_code: file.status ?? 200,
        title: text.title || null,
        snippet: text.text.slice(0, 200) || null,
        language: detectLanguage(text.lang, text.text),
        capture_backend: "test",
        capture_fidelity: "high",
        provenance_json: "{}",
        warc_path: path.join(ROOT, "jobs", String(jobId), "demo.warc.gz"),
        warc_record_id: `<urn:demo:${version}:${page}>`,
        content_hash: createHash("sha256").update(text.text).digest("hex"),
        text: text.text,
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

/** Every read of the interface (search apart), over what the writes below leave. */
async function everyRead(repo: ArchiveRepository) {
  const jobs = await repo.listJobs();
  const ids = jobs.map((j) => j.id);
  const first = (await repo.firstSnapshotId()) ?? 0;
  const editions = await repo.listEditions();
  const perJob = await Promise.all(
    ids.map(async (id) => ({
      job: await repo.getJob(id),
      captures: await repo.snapshotsOfJob(id),
      ok: await repo.okSnapshotsOfJob(id),
      records: [...(await repo.indexedRecordIds(id))].sort(),
      count: await repo.countSnapshotsOfJob(id),
      head: await repo.jobExportHead(id),
    })),
  );
  const perEdition = await Promise.all(
    editions.map(async (e) => ({
      edition: await repo.getEdition(e.id),
      found: await repo.findEdition(e.source_id, e.year),
      planned: await repo.isEditionPlanned(e.id),
      jobs: await repo.editionJobs(e.id),
      decisions: await repo.decisionsOf(e.id),
      snapshots: await repo.snapshotsOfEdition(e.id),
      origins: [...(await repo.duplicateOrigins(e.id))],
      exportable: await repo.exportableJobsOfEdition(e.id),
      head: await repo.editionExportHead(e.id),
      pages: await repo.capturedPagesOfEdition(e.source_id, e.year),
    })),
  );
  const filters = { includeNon2xx: false, includeDuplicates: false, includeNoise: false };
  return {
    sources: await repo.listSources(),
    byCode: await repo.getSourceByCode("demo"),
    byId: await repo.getSourceById(1),
    summaries: await repo.listSourceSummaries(),
    jobs,
    queued: await repo.jobsWithStatus("queued"),
    byStatus: await repo.countJobsByStatus(),
    named: await repo.jobsOfSourceNamed("demo", ["crawl-1", "crawl-2", "none"]),
    indexedCounts: await repo.indexedJobCounts(),
    perJob,
    snapshots: await repo.countSnapshots(),
    maxId: await repo.maxSnapshotId(),
    first,
    one: await repo.getSnapshot(first),
    neighbours: first ? await repo.snapshotNeighbours((await repo.getSnapshot(first + 1))!) : null,
    latest: await repo.latestCapturePerSource(),
    cards: (await repo.snapshotCards([first, first + 3, first + 40])).sort((a, b) => a.id - b.id),
    editions,
    perEdition,
    before2027: [...(await repo.sourceIdsWithEditionsBefore(2027))],
    ofYear: await repo.editionsOfYear(2026),
    campaign: await repo.getCampaign(2026),
    changes: await repo.listChanges({ ...filters, page: 1, pageSize: 50 }),
    updates: await repo.listChanges({
      ...filters,
      type: "updated",
      from: "2026-01-01",
      source: "demo",
      page: 1,
      pageSize: 5,
    }),
    awaiting: await repo.jobsAwaitingChanges(),
    previousJob: ids.length
      ? await repo.previousJobOf(4, Math.max(...ids), "2026-06-01T00:00:00.000Z")
      : null,
    gone: ids.length > 1 ? await repo.pagesGoneSince(Math.min(...ids), Math.max(...ids)) : null,
    exportCounts: [await repo.countRows("snapshots"), await repo.countRows("changes")],
    exported: await repo.exportRows(
      "snapshots",
      ["id", "url", "source_code", "language"],
      { ...filters, language: "fr" },
      0,
      10,
    ),
    exportedChanges: await repo.exportRows(
      "changes",
      ["id", "url", "change_type"],
      { ...filters, includeNoise: true },
      0,
      10,
    ),
    usage: await repo.usageBetween("2026-11-01", "2026-11-30"),
    figures: await repo.archiveFigures(),
    exportPages: await repo.exportPages(ids, 0, 5),
    counts: [...(await repo.pageCaptureCounts(["http://demo.example/en/topics/influenza/"], 1_000_000))],
    sourceIds: [
      await repo.sourceIdOf("demo"),
      await repo.sourceIdOf("none"),
      await repo.sourceIdOf(undefined),
    ],
  };
}

/** The same writes through one backend, returning what the write methods answered. */
async function writeEverything(repo: ArchiveRepository) {
  const answers: unknown[] = [];
  await repo.ensureSources(
    [
      {
        code: "extra",
        name: "Extra",
        base_url: null,
        description: null,
        name_fr: null,
        description_fr: null,
      },
    ],
    NOW,
  );
  await repo.setSourceBaseUrl("extra", "https://extra.example/", at(1));
  const crawl1 = await repo.createJob({ sourceCode: "demo", name: "crawl-1", config }, at(2));
  const crawl2 = await repo.createJob({ sourceCode: "demo", name: "crawl-2", config }, at(3));
  answers.push(crawl1, crawl2);
  answers.push(await repo.claimNextJob("worker-1", at(4)));
  answers.push(
    await repo.transitionJob(crawl1.id, "crawl_succeeded", at(5), 3, {
      pages_crawled: 40,
      warc_file_count: 1,
    }),
  );
  await repo.updateJobProgress(crawl2.id, { pages_total: 90, crawler_stage: "crawling" }, at(6));
  const captures = demoCaptures(crawl1.id);
  answers.push(await repo.recordCaptures(crawl1.id, captures.slice(0, 60), at(7)));
  answers.push(await repo.recordCaptures(crawl1.id, captures.slice(60), at(8)));
  await repo.transitionJob(crawl1.id, "index_start", at(9), 3);
  answers.push(await repo.transitionJob(crawl1.id, "index_succeeded", at(9), 3));
  await repo.markJobCleaned(crawl1.id, at(10));
  const edition = await repo.ensureEdition(4, 2026, at(11));
  answers.push(edition, await repo.ensureEdition(4, 2026, at(12)));
  answers.push(
    await repo.setEditionLedger(edition.id, "/ledger.json", { intended: 10, excluded: 1 }, at(13)),
  );
  answers.push(await repo.setEditionLedger(edition.id, "/other.json", { intended: 1, excluded: 0 }, at(13)));
  const shards = ["en", "fr"].map((k) => ({
    name: `shard-${k}`,
    shardKey: k,
    shardKind: "path-language",
    config,
  }));
  answers.push(
    await repo.createShardJobs(edition, shards, at(14)),
    await repo.createShardJobs(edition, shards, at(15)),
  );
  await repo.markEditionStarted(edition.id, at(16));
  const shardJobs = await repo.editionJobs(edition.id);
  const imported = await repo.insertImportedJob(edition, {
    name: "salvage",
    shardKey: "legacy",
    outputDir: path.join(ROOT, "imports", "a"),
    files: 2,
    records: 7,
    now: at(17),
  });
  answers.push(imported);
  const decision = {
    edition_id: edition.id,
    from_state: "pending",
    reason: "checked by hand",
    decided_by: "ops",
    decided_at: at(18),
  };
  answers.push(
    await repo.recordShardDecision({
      ...decision,
      job: shardJobs[0],
      action: "requeue",
      to_state: "pending",
    }),
  );
  answers.push(
    await repo.recordShardDecision({
      ...decision,
      job: shardJobs[1],
      action: "accept",
      to_state: "accepted",
    }),
  );
  answers.push(
    await repo.claimCampaign(2026, "process-a", at(19)),
    await repo.claimCampaign(2026, "process-b", at(19)),
  );
  await repo.finishCampaign(2026, "done", at(20));
  const editionCaptures = demoCaptures(shardJobs[1].id)
    .slice(0, 12)
    .map((c) => ({ ...c, capture_timestamp: at(21) }));
  answers.push(await repo.recordCaptures(shardJobs[1].id, editionCaptures, at(21)));
  await repo.saveRecount(
    edition.id,
    {
      summary: {
        status: "search_ready",
        searchReady: true,
        researchReady: false,
        intended: 10,
        captured: 12,
        failed: 0,
        excluded: 1,
      } as never,
      backendCounts: { test: 12 },
      manifestPath: null,
      reportJsonPath: "/report.json",
      reportMdPath: "/report.md",
      shards: [{ jobId: shardJobs[1].id, state: "accepted", reason: "rule" }],
    },
    at(22),
  );
  const first = await repo.snapshotsOfJob(crawl1.id);
  const change = (i: number, type: "new_page" | "updated" | "removed") => ({
    job_id: crawl1.id,
    source_id: 4,
    snapshot_id: first[i].id,
    previous_snapshot_id: i ? first[i - 1].id : null,
    group: first[i].normalized_url_group ?? first[i].url,
    url: first[i].url,
    type,
    summary: `${type} ${i}`,
    added: i,
    removed: 1,
    sections: JSON.stringify(["Prevention"]),
    ratio: i / 10,
    noise: i % 2,
    captured_at: first[i].capture_timestamp,
  });
  await repo.recordChanges(
    crawl1.id,
    [change(1, "new_page"), change(2, "updated"), change(3, "removed")],
    at(23),
  );
  await repo.recordChanges(crawl1.id, [change(4, "updated")], at(24));
  await repo.addUsage([
    { day: "2026-11-20", metric: "searches", count: 3 },
    { day: "2026-11-20", metric: "replays", count: 1 },
  ]);
  await repo.addUsage([{ day: "2026-11-20", metric: "searches", count: 2 }]);
  await repo.recordZimPath([crawl1.id], "/exports/demo.zim", at(25));
  answers.push(await repo.claimScheduledRun("annual-search-verify", "2026-11-20T15"));
  answers.push(await repo.claimScheduledRun("annual-search-verify", "2026-11-20T15"));
  return answers;
}

describe("archive repository on sql.js and PostgreSQL", () => {
  it("start alike", async () => {
    expect(await everyRead(postgres)).toEqual(await everyRead(sqljs));
  });

  it("answer the same writes alike and read back the same records", async () => {
    expect(await writeEverything(postgres)).toEqual(await writeEverything(sqljs));
    const [a, b] = [await everyRead(sqljs), await everyRead(postgres)];
    for (const key of Object.keys(a))
      expect.soft(b[key as keyof typeof b], key).toEqual(a[key as keyof typeof a]);
  });
});

describe("archive search on sql.js and PostgreSQL", () => {
  beforeAll(async () => {
    // The sql.js backend answers from its packed index once built, as the running server does.
    searchIndex = startSearchIndex(sqljs, (err) => {
      throw err;
    });
    while (!searchIndexReady(pair.store)) await new Promise((r) => setTimeout(r, 20));
  });

  it("finds the same top pages for the golden queries", async () => {
    for (const q of GOLDEN_QUERIES) {
      const a = await search(sqljs, params(q));
      const b = await search(postgres, params(q));
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

  it("apply the filters, URL prefixes and paging alike", async () => {
    const cases: Partial<SearchParams>[] = [
      { q: "http://demo.example/en/topics/infl" },
      { q: "", language: "fr", from: "2026-01-01", source: "demo", page: 2, pageSize: 3 },
      { q: "", to: "2025-12-31", view: "snapshots", includeNon2xx: true },
      { q: "", source: "hc" },
    ];
    for (const c of cases) {
      const p = params(c.q ?? "", c);
      expect(await search(postgres, p), JSON.stringify(c)).toEqual(await search(sqljs, p));
    }
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
    const [first, second] = demoCaptures(job.id).slice(0, 2);
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
      `INSERT INTO snapshots (job_id, source_id, url, capture_timestamp, warc_path, created_at, updated_at)
       VALUES (1, 4, 'http://a.example/', 'x', '${dir}/a.warc.gz', 'x', 'x')`,
    );
    const paths = async () =>
      (
        await first.query(
          "SELECT j.output_dir, j.state_file_path, j.combined_log_path, s.warc_path FROM archive_jobs j JOIN snapshots s ON s.job_id = j.id",
        )
      ).rows[0];
    expect(await pgUpgrade(first, "archive", archivePgMigrations)).toEqual([8]);
    expect(await paths()).toEqual({
      output_dir: "jobs/1",
      state_file_path: "jobs/1/.archive_state.json",
      combined_log_path: null,
      warc_path: "jobs/1/a.warc.gz",
    });
    expect(await pgCurrentVersion(first, "archive")).toBe(8);
    expect((await pgHistory(first, "archive", archivePgMigrations)).every((m) => m.applied)).toBe(true);
    expect((await pgDowngrade(first, "archive", archivePgMigrations))?.version).toBe(8);
    expect(await paths()).toEqual({
      output_dir: dir,
      state_file_path: `${dir}/.archive_state.json`,
      combined_log_path: null,
      warc_path: `${dir}/a.warc.gz`,
    });
    await first.query("DELETE FROM snapshots; DELETE FROM archive_jobs");
    for (const version of versions.slice(0, -1).reverse())
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
