/**
 * Batched writes into PostgreSQL (issue 30) give what one capture at a time gave: a generated
 * archive (two captures a URL, duplicates, 404s, English and French) indexed on sql.js, then
 * copied into PostgreSQL by `copy-to-postgres` with tiny batches (several batches, two written at
 * once), and indexed straight into PostgreSQL from the same WARC file with a batch of one, a
 * batch of three and one batch for everything. Every PostgreSQL database holds the same search
 * rows, and each answers like the sql.js store: the same counts, duplicates and listed pages, the
 * same newest pages in order, the same matches for word queries. Captures are compared by their
 * WARC record: indexing hands PostgreSQL two batches at once, each for its own pages, so ids
 * follow the order the batches were gathered in, which the batch size changes. Last, that order
 * is kept when two batches are under way: ids and commits follow the calls, and nothing is
 * written after a batch that failed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexGeneratedJob } from "../../../tests/helpers/archive/search-corpus.js";
import type { PgCluster } from "../../../tests/helpers/pg-cluster.js";
import { testPgCluster } from "../../../tests/helpers/pg-shared.js";
import { copyToPostgres } from "../../db/copy-to-postgres.js";
import { pgUpgrade } from "../../db/pg/migrations.js";
import { createPgPool, inTransaction } from "../../db/pg/pool.js";
import { createStore } from "../../db/store.js";
import type { Store } from "../../db/types.js";
import { indexJob } from "../index/indexer.js";
import { archiveModule } from "../index.js";
import { archivePgMigrations } from "../migrations/pg/index.js";
import type { ArchiveRepository, NewSnapshot } from "../repository.js";
import { archiveRepository } from "../repository-of.js";
import type { SearchOutcome, SearchParams } from "../search/search-types.js";
import { archiveCopyPlan } from "./copy-plan.js";
import { createPgArchiveRepository } from "./index.js";
import { writeSearchEntries } from "./search-write.js";

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
/** Captures in the archive: 24 URLs captured twice. */
const CAPTURES = 48;

let cluster: PgCluster;
let dataDir: string;
let store: Store;
let sqljs: ArchiveRepository;
const pools: pg.Pool[] = [];
/** Each PostgreSQL database by how it was filled. */
const filled = new Map<string, { pool: pg.Pool; repo: ArchiveRepository }>();

async function database(name: string, size = 4) {
  const url = cluster.createDatabase(name);
  // A wait for a connection is never given up here (the default gives up after 5 s), so a write
  // that waits forever for one fails the test rather than going on without it.
  const pool = createPgPool({ url, schema: "archive", size, connectTimeoutMs: 0 });
  pools.push(pool);
  return { url, pool };
}

/** Indexes the sql.js job's WARC file straight into a new PostgreSQL database, `batchSize` captures a transaction. */
async function indexInto(name: string, batchSize: number) {
  const { pool } = await database(name);
  await pgUpgrade(pool, "archive", archivePgMigrations);
  // The same WARC root: the job made here is job 1 too, so it reads the same folder.
  const repo = createPgArchiveRepository(pool, sqljs.warcRoot);
  const [job] = await sqljs.listJobs();
  const made = await repo.createJob(
    { sourceCode: "demo", name: job.name, config: JSON.parse(job.config ?? "{}") },
    job.created_at,
  );
  expect(made.output_dir).toBe(job.output_dir);
  await indexJob(repo, made, () => job.created_at, undefined, { batchSize });
  filled.set(name, { pool, repo });
}

beforeAll(async () => {
  cluster = await testPgCluster();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-batched-writes-"));
  store = await createStore({
    dataDir,
    name: "archive",
    migrations: archiveModule.migrations,
    logger: quiet,
  });
  await indexGeneratedJob(store, dataDir, { count: CAPTURES, first: 0, day: "2026-03-01T09:00:00.000Z" });
  sqljs = archiveRepository(store, path.join(dataDir, "archive"));
  // Copied with batches of 3 rows: the search entries cross 16 batches, two written at once.
  // Another session holds a snapshot from before the copy until after it, as an autovacuum
  // ANALYZE of the same database can: no row version the copy replaced may be kept for it.
  const copied = await database("copied");
  const watcher = await copied.pool.connect();
  await watcher.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
  await watcher.query("SELECT 1");
  try {
    await copyToPostgres({
      url: copied.url,
      modules: [{ name: "archive", store }],
      plans: { archive: archiveCopyPlan({ DATA_DIR: dataDir, ARCHIVE_WARC_DIR: undefined }) },
      batchSize: 3,
    });
  } finally {
    await watcher.query("COMMIT");
    watcher.release();
  }
  filled.set("copied", { pool: copied.pool, repo: createPgArchiveRepository(copied.pool, sqljs.warcRoot) });
  await indexInto("one_at_a_time", 1);
  await indexInto("batches_of_three", 3);
  await indexInto("one_batch", 1000);
}, 180_000);

afterAll(async () => {
  for (const pool of pools) await pool.end();
  await store?.close();
  cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The TOAST table holding search_rank_vectors' values too long for a row. */
async function toastTable(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ t: string }>(
    "SELECT reltoastrelid::regclass::text AS t FROM pg_class WHERE oid = 'search_rank_vectors'::regclass",
  );
  return rows[0].t;
}

/** Every search row, in a stable order, with the vectors as text; a capture named by its WARC record. */
async function searchRows(pool: pg.Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  return {
    snapshots: await q(
      `SELECT warc_record_id AS capture, url, normalized_url_group, capture_timestamp, status_code, is_duplicate, content_hash
         FROM snapshots ORDER BY warc_record_id COLLATE "C"`,
    ),
    pages: await q(
      `SELECT p.g, l.warc_record_id AS listed, p.listed_ts FROM search_pages p LEFT JOIN snapshots l ON l.id = p.listed_id
        ORDER BY p.g COLLATE "C"`,
    ),
    fts: await q(
      `SELECT s.warc_record_id AS capture, p.g, f.ts, f.status_code, f.is_duplicate, f.source_id, f.language, v.url_weight,
              f.fts_en::text, f.fts_fr::text, v.fts_exact::text, f.rank_lead::text, f.fts_pairs::text
         FROM snapshots_fts f JOIN snapshots s ON s.id = f.id JOIN search_pages p ON p.id = f.page_id
         JOIN search_rank_vectors v ON v.id = f.id
        ORDER BY s.warc_record_id COLLATE "C"`,
    ),
    impacts: await q(
      `SELECT i.term, i.impact, s.warc_record_id AS capture FROM search_impacts i JOIN snapshots s ON s.id = i.id
        ORDER BY s.warc_record_id COLLATE "C", i.term COLLATE "C"`,
    ),
    unions: await q(
      `SELECT p.g, w.words_en::text, w.words_fr::text FROM search_page_words w
         JOIN search_pages p ON p.id = w.page_id ORDER BY p.g COLLATE "C"`,
    ),
    terms: await q('SELECT term FROM search_terms ORDER BY term COLLATE "C"'),
  };
}

const params = (q: string, over: Partial<SearchParams> = {}): SearchParams => ({
  q,
  view: "pages",
  sort: "relevance",
  page: 1,
  pageSize: 100,
  includeNon2xx: false,
  includeDuplicates: false,
  ...over,
});

/** A search's answer, each hit's capture named by its WARC record rather than by its id. */
const outcome = async (repo: ArchiveRepository, p: SearchParams) => {
  const { answeredBy: _by, ...out }: SearchOutcome = await repo.searchSnapshotsUncached(p);
  const hits = [];
  for (const hit of out.hits) hits.push({ ...hit, id: (await repo.getSnapshot(hit.id))?.warc_record_id });
  return { ...out, hits };
};

/**
 * Newest first, as answered; captures taken at the same moment (several pages of the generated
 * crawl share a second) in the order of their WARC records: among them each store follows its
 * ids, which on PostgreSQL follow the batches rather than the WARC file.
 */
const byMoment = <T extends { ts: string; id?: string | null }>(hits: T[]) => {
  const first = new Map<string, number>();
  for (const [at, hit] of hits.entries()) if (!first.has(hit.ts)) first.set(hit.ts, at);
  const key = (hit: T) => first.get(hit.ts) ?? 0;
  return [...hits].sort((a, b) => key(a) - key(b) || String(a.id).localeCompare(String(b.id)));
};

/**
 * Words of the generated pages whose matches FTS4 and PostgreSQL's stemmers agree on (others,
 * such as "vaccination", which PostgreSQL also finds as "vaccine", differ by design, not by
 * batch), and OR queries, which PostgreSQL counts from the page unions.
 */
const WORDS = [
  "measles",
  "rougeole",
  "fever",
  "fièvre",
  "water",
  "grippe",
  "children",
  "enfants",
  "santé",
  "lyme",
  "cough OR toux",
  "rash OR chaleur OR clinic",
];

describe("batched writes into PostgreSQL", () => {
  it("write the same search rows as one capture at a time, however the batches fall", async () => {
    const reference = await searchRows(filled.get("one_at_a_time")!.pool);
    expect(reference.snapshots).toHaveLength(CAPTURES);
    expect(reference.fts).toHaveLength(CAPTURES);
    expect(reference.snapshots.filter((s) => s.is_duplicate === 1).length).toBeGreaterThan(0);
    expect(reference.impacts.length).toBeGreaterThan(CAPTURES * 10);
    for (const name of ["batches_of_three", "one_batch", "copied"])
      expect(await searchRows(filled.get(name)!.pool), name).toEqual(reference);
  });

  it("leave the copy's page unions packed, whatever snapshot another session held: packing them again frees no heap page", async () => {
    const { pool } = filled.get("copied")!;
    const heapPages = async () =>
      (await pool.query<{ n: number }>("SELECT pg_relation_size('search_page_words') / 8192 AS n")).rows[0].n;
    const copied = await heapPages();
    await pool.query("VACUUM (FULL) search_page_words");
    expect(copied).toBe(await heapPages());
  });

  it("keep each ranking vector in its own row, none in TOAST, copied or indexed", async () => {
    for (const [name, { pool }] of filled) {
      const { rows } = await pool.query("SELECT count(*) AS vectors FROM search_rank_vectors");
      const { rows: toast } = await pool.query(`SELECT count(*) AS chunks FROM ${await toastTable(pool)}`);
      expect({ vectors: rows[0].vectors, chunks: toast[0].chunks }, name).toEqual({
        vectors: CAPTURES,
        chunks: 0,
      });
    }
    // A page of 300 different words: its vector (about 4 KB) is past the default TOAST threshold (2 KB).
    const { pool } = await database("long_page");
    await pgUpgrade(pool, "archive", archivePgMigrations);
    const { rows: made } = await pool.query<{ id: number }>(
      `INSERT INTO snapshots (url, capture_timestamp, status_code, is_duplicate, warc_path, created_at, updated_at)
       VALUES ('https://long.example/', '2026-03-01T09:00:00.000Z', 200, 0, 'long.warc.gz', 'x', 'x') RETURNING id`,
    );
    const text = Array.from({ length: 300 }, (_, i) => `mot${i.toString(36)}ab`).join(" ");
    await inTransaction(pool, (client) =>
      writeSearchEntries(client, [{ id: made[0].id, title: "Long", url: "https://long.example/", text }]),
    );
    const { rows: long } = await pool.query(
      "SELECT pg_column_size(fts_exact) AS size, length(fts_exact) AS words FROM search_rank_vectors",
    );
    const { rows: chunks } = await pool.query(`SELECT count(*) AS n FROM ${await toastTable(pool)}`);
    expect(long[0].words).toBeGreaterThan(300);
    expect(long[0].size).toBeGreaterThan(2032);
    expect(chunks[0].n).toBe(0);
  });

  it("answer like the sql.js store: counts, duplicates, newest pages, word matches", async () => {
    const embedded = {
      count: await sqljs.countSnapshots(),
      duplicates: store.get<{ n: number }>("SELECT count(*) AS n FROM snapshots WHERE is_duplicate = 1")?.n,
    };
    const newest = await outcome(sqljs, params(""));
    const newestSnapshots = await outcome(sqljs, params("", { view: "snapshots", includeNon2xx: true }));
    expect(newest.total).toBe(24);
    for (const [name, { pool, repo }] of filled) {
      expect(await repo.countSnapshots(), name).toBe(embedded.count);
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*) AS n FROM snapshots WHERE is_duplicate = 1",
      );
      expect(rows[0].n, name).toBe(embedded.duplicates);
      expect(byMoment((await outcome(repo, params(""))).hits), `${name}: newest pages`).toEqual(
        byMoment(newest.hits),
      );
      const all = await outcome(repo, params("", { view: "snapshots", includeNon2xx: true }));
      expect(all.total, name).toBe(newestSnapshots.total);
      expect(byMoment(all.hits), `${name}: newest captures`).toEqual(byMoment(newestSnapshots.hits));
      for (const word of WORDS)
        for (const view of ["pages", "snapshots"] as const) {
          const [a, b] = [
            await outcome(sqljs, params(word, { view })),
            await outcome(repo, params(word, { view })),
          ];
          expect(a.total, `${word} (${view}) finds pages`).toBeGreaterThan(0);
          expect(b.total, `${name}: ${word} (${view})`).toBe(a.total);
          const ids = (o: typeof a) => new Set(o.hits.map((h) => h.id));
          expect(ids(b), `${name}: ${word} (${view})`).toEqual(ids(a));
        }
    }
  });

  describe("two batches of a job under way at once", () => {
    /** A fresh database with one job; `capture(page, i)` makes the i-th capture of a page. */
    async function twoBatches(name: string, poolSize?: number) {
      const { pool } = await database(name, poolSize);
      await pgUpgrade(pool, "archive", archivePgMigrations);
      const repo = createPgArchiveRepository(pool, sqljs.warcRoot);
      const [made] = await sqljs.listJobs();
      const job = await repo.createJob(
        { sourceCode: "demo", name, config: JSON.parse(made.config ?? "{}") },
        "2026-03-01T09:00:00.000Z",
      );
      const capture = (page: string, i: number, title = `Page ${page}`): NewSnapshot => ({
        job_id: job.id,
        source_id: job.source_id,
        url: `https://order.example/${page}`,
        normalized_url_group: `https://order.example/${page}`,
        capture_timestamp: new Date(Date.UTC(2026, 2, 1, 9, 0, i)).toISOString(),
        mime_type: "text/html",
        status_code: 200,
        title,
        snippet: null,
        language: "en",
        capture_backend: "node_warc",
        capture_fidelity: "high",
        provenance_json: "{}",
        warc_path: path.join(sqljs.warcRoot, "order.warc.gz"),
        warc_record_id: `<urn:order:${page}:${i}>`,
        content_hash: `${page}-${i}`,
        text: `measles clinic ${page} words of page ${i}`,
      });
      return { pool, repo, job, capture };
    }

    it("give ids and commit in the order they were handed over: no reader sees the second without the first", async () => {
      const { pool, repo, job, capture } = await twoBatches("two_at_once");
      expect(repo.captureBatchesAtOnce).toBe(2);
      const first = Array.from({ length: 300 }, (_, i) => capture(`a${i}`, i));
      const second = [capture("b", 0)];
      const written = Promise.all([
        repo.recordCaptures(job.id, first, "2026-03-01T10:00:00.000Z"),
        repo.recordCaptures(job.id, second, "2026-03-01T10:00:00.000Z"),
      ]);
      // What another connection sees while both are under way.
      const seen: { a: number; b: number }[] = [];
      let done = false;
      written.finally(() => {
        done = true;
      });
      while (!done)
        seen.push(
          (
            await pool.query<{ a: number; b: number }>(
              "SELECT count(*) FILTER (WHERE url LIKE '%/a%')::int AS a, count(*) FILTER (WHERE url LIKE '%/b')::int AS b FROM snapshots",
            )
          ).rows[0],
        );
      const [idsA, idsB] = await written;
      expect(Math.max(...idsA)).toBeLessThan(Math.min(...idsB));
      expect(seen.filter((s) => s.b > 0 && s.a < first.length)).toEqual([]);
      expect(seen.length).toBeGreaterThan(1);
      expect(await repo.countSnapshotsOfJob(job.id)).toBe(301);
      expect((await repo.getJob(job.id))?.indexed_page_count).toBe(301);
    });

    it("are written one after the other on a pool of one connection", async () => {
      const { repo, job, capture } = await twoBatches("pool_of_one", 1);
      const [idsA, idsB] = await Promise.all([
        repo.recordCaptures(job.id, [capture("a", 0)], "2026-03-01T10:00:00.000Z"),
        repo.recordCaptures(job.id, [capture("b", 1)], "2026-03-01T10:00:00.000Z"),
      ]);
      expect(idsA[0]).toBeLessThan(idsB[0]);
      expect(await repo.countSnapshotsOfJob(job.id)).toBe(2);
    });

    it("write nothing after a batch that failed", async () => {
      const { repo, job, capture } = await twoBatches("after_a_failure");
      // A title over the column's limit: the first batch is refused inside its transaction.
      const first = [capture("a", 0), capture("a-long", 1, "x".repeat(5000))];
      const second = [capture("b", 2)];
      const results = await Promise.allSettled([
        repo.recordCaptures(job.id, first, "2026-03-01T10:00:00.000Z"),
        repo.recordCaptures(job.id, second, "2026-03-01T10:00:00.000Z"),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      expect(await repo.countSnapshotsOfJob(job.id)).toBe(0);
      // The job takes batches again afterwards, an empty one among them.
      const again = await Promise.all([
        repo.recordCaptures(job.id, [], "2026-03-01T10:01:00.000Z"),
        repo.recordCaptures(job.id, second, "2026-03-01T10:01:00.000Z"),
      ]);
      expect(again.map((ids) => ids.length)).toEqual([0, 1]);
    });
  });
});
