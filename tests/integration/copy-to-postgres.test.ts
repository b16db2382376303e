import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WarcWriter } from "../../server/archive/crawl/warc-writer.js";
import { indexJob } from "../../server/archive/index/indexer.js";
import { createJob } from "../../server/archive/jobs/jobs-store.js";
import { searchSnapshotsPg } from "../../server/archive/repository-pg/search.js";
import { runSearch, type SearchParams } from "../../server/archive/search/search.js";
import { loadConfig } from "../../server/core/config.js";
import { registerDbCommands } from "../../server/db/cli.js";
import {
  CopyInterruptedError,
  CopyRefusedError,
  type CopyToPostgresOptions,
  copyToPostgres,
  type ModuleReport,
} from "../../server/db/copy-to-postgres.js";
import { printedProgress } from "../../server/db/copy-to-postgres-progress.js";
import { pgUpgrade } from "../../server/db/pg/migrations.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { createStore } from "../../server/db/store.js";
import type { Store } from "../../server/db/types.js";
import { directoryModule } from "../../server/directory/index.js";
import { directoryPgMigrations } from "../../server/directory/migrations/pg/index.js";
import { createPgDirectoryRepository } from "../../server/directory/repository-pg/index.js";
import { createSqljsDirectoryRepository } from "../../server/directory/repository-sqljs/index.js";
import { copyPlans } from "../../server/modules.js";
import { createPgWaittimesRepository } from "../../server/waittimes/repository-pg/index.js";
import { createSqljsWaittimesRepository } from "../../server/waittimes/repository-sqljs/index.js";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { copyDemoTemplate } from "../helpers/demo-template.js";
import type { PgCluster } from "../helpers/pg-cluster.js";
import { testPgCluster } from "../helpers/pg-shared.js";
import { startTestServer } from "../helpers/server.js";

const quiet = { info() {}, warn() {}, error() {} };
const SINCE = Math.floor(Date.now() / 1000) - 2 * 86_400;
let cluster: PgCluster;
let dataDir: string;
const stores = new Map<string, Store>();
const pools: pg.Pool[] = [];

const sources = () => [...stores.entries()].map(([name, store]) => ({ name, store }));
/** Each module's copy plan for the test deployment: its WARC files are where a crawl writes them. */
const plans = () => copyPlans(loadConfig({ DATA_DIR: dataDir }));
/** Copies the test deployment. */
const copy = (url: string, over: Partial<CopyToPostgresOptions> = {}) =>
  copyToPostgres({ url, modules: sources(), plans: plans(), ...over });
const poolFor = (url: string, schema: string) => {
  const pool = createPgPool({ url, schema, size: 2 });
  pools.push(pool);
  return pool;
};
const tableOf = (reports: ModuleReport[], module: string) =>
  new Map(reports.find((r) => r.module === module)?.tables.map((t) => [t.table, t]));

const TOPICS = [
  "measles vaccination clinic for children",
  "seasonal influenza shot for adults",
  "rougeole et vaccination des enfants",
  "drinking water advisory after the flood",
];

/** A small crawl's worth of archive pages: a WARC file and its snapshots, indexed as a job would be. */
async function addArchivePages(dir: string) {
  const store = await createStore({ dataDir: dir, name: "archive", logger: quiet });
  const now = "2026-11-20T15:00:00.000Z";
  const config = parseJobConfig({ seeds: ["http://copy.example/"], scope: { allow_private: true } });
  if (!config.ok) throw new Error(config.message);
  const job = await createJob(store, dir, { sourceCode: "demo", name: "copy", config: config.config }, now);
  mkdirSync(job.output_dir, { recursive: true });
  const writer = new WarcWriter(job.output_dir, "copy", 1);
  for (let i = 0; i < 24; i++)
    await writer.append({
      url: `http://copy.example/p${i}.html`,
      date: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      method: "GET",
      requestHeaders: {},
      status: 200,
      statusText: "OK",
      responseHeaders: [["Content-Type", "text/html; charset=utf-8"]],
      body: new TextEncoder().encode(
        `<html lang="en"><head><title>Page ${i}</title></head><body><p>${TOPICS[i % TOPICS.length]} ${i}</p></body></html>`,
      ),
    });
  writer.close();
  await indexJob(store, job, () => now);
  await store.close();
}

beforeAll(async () => {
  // A cluster of its own: the run's shared cluster has other files' sessions, and the check that
  // the copy's vacuum leaves every visibility map full failed there (archive._migrations stayed
  // not all-visible), though never on a cluster only this file uses.
  cluster = await testPgCluster({ own: true });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-copy-"));
  // The run's demo data (a year of wait times, the seeded directory); seeded here outside a run.
  if (!copyDemoTemplate(dataDir)) await (await startTestServer({ demo: true, dataDir })).close();
  // Two days of the year of wait-time history are enough here (npm run bench -- postgres copies it all).
  const waits = await createStore({ dataDir, name: "waittimes", logger: quiet });
  await waits.write((tx) => {
    for (const table of ["measurements", "occupancy_observations", "measurement_duplicates"])
      tx.run(`DELETE FROM ${table} WHERE observed_at < ?`, [SINCE]);
    tx.run("DELETE FROM aggregates WHERE bucket < ?", [SINCE]);
  });
  await waits.close();
  await addArchivePages(dataDir);
  for (const name of ["archive", "directory", "waittimes"])
    stores.set(name, await createStore({ dataDir, name, logger: quiet, readOnly: true }));
}, 120_000);

afterAll(async () => {
  for (const pool of pools) await pool.end();
  for (const store of stores.values()) await store.close();
  cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const search = (q: string): SearchParams => ({
  q,
  view: "snapshots",
  sort: "relevance",
  page: 1,
  pageSize: 50,
  includeNon2xx: false,
  includeDuplicates: true,
});

/** Same row count in every table both sides have (a report names the others: see the first test). */
async function expectSameData(url: string) {
  for (const [module, store] of stores) {
    const pool = poolFor(url, module);
    const tables = "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'";
    for (const table of store.all<{ name: string }>(tables)) {
      const { rows: found } = await pool.query("SELECT to_regclass($1) AS t", [`${module}."${table.name}"`]);
      if (!found[0].t || table.name.startsWith("_")) continue;
      const embedded = store.get<{ n: number }>(`SELECT count(*) AS n FROM "${table.name}"`)?.n;
      const { rows } = await pool.query(`SELECT count(*) AS n FROM "${table.name}"`);
      expect(rows[0].n, `${module}.${table.name}`).toBe(embedded);
    }
  }
  const [wPg, wSql] = [
    createPgWaittimesRepository(poolFor(url, "waittimes")),
    createSqljsWaittimesRepository(stores.get("waittimes")!),
  ];
  expect(await wPg.listHospitals()).toEqual(await wSql.listHospitals());
  expect(await wPg.listSources()).toEqual(await wSql.listSources());
  expect(await wPg.counts()).toEqual(await wSql.counts());
  const [hospital] = await wSql.listHospitals();
  for (const grain of ["h", "d"] as const) {
    const points = await wSql.trendPoints(hospital.hid, "TIME_TO_PROVIDER", grain, SINCE);
    expect(points.length).toBeGreaterThan(0);
    expect(await wPg.trendPoints(hospital.hid, "TIME_TO_PROVIDER", grain, SINCE)).toEqual(points);
  }
  const [dPg, dSql] = [
    createPgDirectoryRepository(poolFor(url, "directory")),
    createSqljsDirectoryRepository(stores.get("directory")!),
  ];
  expect(await dPg.loadServices()).toEqual(await dSql.loadServices());
  expect(await dPg.auditLog({ limit: 20, offset: 0 })).toEqual(await dSql.auditLog({ limit: 20, offset: 0 }));
  expect(await dPg.latestChange()).toEqual(await dSql.latestChange());
  // The archive's search entries were rebuilt from the WARC records: the same pages are found.
  const archivePool = poolFor(url, "archive");
  for (const q of ["measles", "influenza", "rougeole", "water advisory"]) {
    const embedded = await runSearch(stores.get("archive")!, search(q));
    const copied = await searchSnapshotsPg(archivePool, search(q));
    expect(copied.total, q).toBe(6);
    expect(new Set(copied.hits.map((h) => h.id)), q).toEqual(new Set(embedded.hits.map((h) => h.id)));
  }
}

describe("db copy-to-postgres", () => {
  let url: string;
  /** What the first copy said as it went. */
  const said: string[] = [];

  it("copies every table of the demo deployment: same counts, same records through each repository", async () => {
    url = cluster.createDatabase("copied");
    const reports = await copy(url, {
      progress: printedProgress({ write: (t) => said.push(t), everyMs: 0 }),
    });
    const services = tableOf(reports, "directory").get("services");
    expect(services?.copied).toBeGreaterThan(100);
    expect(services?.copied).toBe(services?.rows);
    // The registry a PostgreSQL revision already wrote is the same rows: nothing to copy there.
    expect(tableOf(reports, "waittimes").get("hospitals")?.alreadyThere).toBe(219);
    expect(tableOf(reports, "waittimes").get("measurement_duplicates")?.copied).toBeGreaterThan(0);
    // Every table is copied, or skipped with its reason.
    for (const [module, store] of stores) {
      const report = reports.find((r) => r.module === module);
      const named = [...(report?.tables ?? []), ...(report?.skipped ?? [])].map((t) =>
        "table" in t ? t.table : t.name,
      );
      const all = store.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'");
      expect(named.sort(), module).toEqual(all.map((t) => t.name).sort());
    }
    const archive = reports.find((r) => r.module === "archive");
    expect(archive?.skipped.find((t) => t.name === "snapshots_fts")?.reason).toMatch(
      /full-text \(FTS4\) index/,
    );
    expect(archive?.skipped.map((t) => t.name)).toContain("snapshots_fts_segdir");
    expect(archive?.notes).toEqual([
      "search entries: 24 built from the WARC records",
      expect.stringMatching(/^vacuumed and analyzed \d+ table\(s\) in \d+\.\d s$/),
      // So the first searches do not compete with writing the copy out to disk.
      expect.stringMatching(/^written out to disk \(CHECKPOINT\) in \d+\.\d s$/),
    ]);
    expect(tableOf(reports, "archive").get("snapshots")?.copied).toBe(24);
    await expectSameData(url);
  });

  it("says how far it got as it goes: rows, then the archive's pages, then the vacuum and the checkpoint", () => {
    const lines = said.join("").split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(/^directory: tables: [\d,]+ of [\d,]+ rows \(\d+%\), [\d,]+ rows\/s/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^archive: search entries: \d+ of 24 pages \(\d+%\), [\d,]+ pages\/s/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^archive: search entries: 24 pages in \d+ s/));
    const vacuum = lines.indexOf(
      "archive: vacuuming and analyzing its tables, so reads are fast from the start",
    );
    expect(vacuum).toBeGreaterThan(lines.findIndex((l) => l.startsWith("archive: search entries: 24 pages")));
    expect(
      lines.indexOf(
        "archive: writing the copy out to disk (CHECKPOINT), so the first reads do not wait on it",
      ),
    ).toBeGreaterThan(vacuum);
  });

  it("leaves every table it wrote vacuumed and analyzed: statistics there, visibility maps full", async () => {
    for (const module of stores.keys()) {
      const pool = poolFor(url, module);
      const { rows } = await pool.query<{
        relname: string;
        last_vacuum: Date | null;
        last_analyze: Date | null;
        relpages: number;
        relallvisible: number;
      }>(
        `SELECT s.relname, s.last_vacuum, s.last_analyze, c.relpages, c.relallvisible
           FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.schemaname = $1`,
        [module],
      );
      expect(rows.length, module).toBeGreaterThan(3);
      for (const t of rows) {
        const table = `${module}.${t.relname}`;
        expect(t.last_vacuum, table).not.toBeNull();
        expect(t.last_analyze, table).not.toBeNull();
        expect(t.relallvisible, table).toBeGreaterThanOrEqual(t.relpages * 0.95);
      }
      expect(rows.some((t) => t.relpages > 1)).toBe(true);
    }
    // So a word's best impacts come from the index alone, without reading a heap row.
    const archive = poolFor(url, "archive");
    const client = await archive.connect();
    try {
      await client.query("BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off");
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) SELECT id, impact FROM search_impacts WHERE term = 'measles'
          ORDER BY impact DESC LIMIT 300`,
      );
      const plan = JSON.stringify(rows[0]["QUERY PLAN"]);
      expect(plan).toContain('"Node Type":"Index Only Scan"');
      expect(plan).toContain('"Heap Fetches":0');
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("copies nothing the second time, and says so", async () => {
    const reports = await copy(url);
    for (const r of reports)
      for (const t of r.tables)
        expect({ ...t, table: `${r.module}.${t.table}` }).toMatchObject({
          copied: 0,
          updated: 0,
          alreadyThere: t.rows,
        });
  });

  it("sets sequences past the copied values, so the next write on PostgreSQL takes a new number", async () => {
    const pool = poolFor(url, "directory");
    const { rows } = await pool.query(
      "SELECT nextval('service_changes') AS next, (SELECT max(change_seq) FROM services) AS top",
    );
    expect(rows[0].next).toBe(rows[0].top + 1);
    const audit = await pool.query(
      "SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS next, (SELECT max(id) FROM audit_log) AS top",
    );
    expect(audit.rows[0].next).toBe(audit.rows[0].top + 1);
    expect(await createPgDirectoryRepository(pool).dataVersion()).toBeGreaterThan(0);
  });

  it("finishes an interrupted copy on the next run with the same data", async () => {
    const target = cluster.createDatabase("interrupted");
    // Stopped twice, the second time past the wait-time tables without a primary key.
    for (const stopAfterBatches of [6, 50])
      await expect(copy(target, { batchSize: 500, stopAfterBatches })).rejects.toThrow(CopyInterruptedError);
    const reports = await copy(target, { batchSize: 500 });
    // The rows the first run committed are not copied twice (a table without a key included).
    expect(tableOf(reports, "directory").get("services")?.alreadyThere).toBeGreaterThan(0);
    const duplicates = tableOf(reports, "waittimes").get("measurement_duplicates");
    expect(duplicates).toMatchObject({ copied: 0, alreadyThere: duplicates?.rows });
    await expectSameData(target);
    // WARC paths relative to the archive's folder, as machines sharing it will find them.
    const { rows } = await poolFor(target, "archive").query("SELECT DISTINCT warc_path FROM snapshots");
    expect(rows.map((r) => r.warc_path)).toEqual([
      expect.stringMatching(/^jobs\/\d+\/copy-00001\.warc\.gz$/),
    ]);
  }, 60_000);

  it("refuses a database holding other data, naming the table", async () => {
    const target = cluster.createDatabase("other_data");
    const pool = poolFor(target, "directory");
    await pgUpgrade(pool, "directory", directoryPgMigrations);
    await pool.query(
      "INSERT INTO organizations (id, name, updated_at) VALUES ('org-elsewhere', 'Elsewhere', '2026-01-01')",
    );
    await expect(copy(target)).rejects.toThrow(
      /directory\.organizations already holds a row the embedded data does not have \(id = org-elsewhere\)/,
    );
    // Another deployment cannot be poured into a database this one filled.
    const otherDir = mkdtempSync(path.join(os.tmpdir(), "chc-copy-other-"));
    const other = await createStore({
      dataDir: otherDir,
      name: "directory",
      logger: quiet,
      migrations: directoryModule.migrations,
    });
    try {
      await expect(
        copyToPostgres({ url, modules: [{ name: "directory", store: other }], plans: plans() }),
      ).rejects.toThrow(CopyRefusedError);
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("serves the copied records over HTTP when started with DATABASE_URL", async () => {
    const [service] = (await createSqljsDirectoryRepository(stores.get("directory")!).loadServices())
      .services;
    const routes = [
      "/api/hospitals",
      "/api/v1/services?limit=50&offset=40",
      `/api/v1/services/${service.id}`,
      "/api/search?q=measles&view=snapshots&pageSize=50",
    ];
    /** What the test reads of each answer (the rest is compared whole). */
    interface Answer {
      total?: number;
      results?: Array<{ id: number }>;
      replay?: { status: number; text: string };
    }
    // One server at a time: the modules keep some state per process.
    const answers = async (server: Awaited<ReturnType<typeof startTestServer>>) => {
      try {
        const bodies: Answer[] = [];
        for (const route of routes) {
          const res = await fetch(server.baseUrl + route);
          expect(res.status, route).toBe(200);
          bodies.push((await res.json()) as Answer);
        }
        const [first] = bodies[3].results ?? [];
        const { replayUrl, ...snapshot } = (await (
          await fetch(`${server.baseUrl}/api/snapshot/${first.id}`)
        ).json()) as { replayUrl: string } & Record<string, unknown>;
        // The capture replays from its WARC record (on the copy: found through ARCHIVE_WARC_DIR).
        const replay = await fetch(replayUrl);
        bodies.push({ ...snapshot, replay: { status: replay.status, text: await replay.text() } });
        return bodies;
      } finally {
        await server.close();
      }
    };
    const embedded = await answers(await startTestServer({ dataDir }));
    const emptyDir = mkdtempSync(path.join(os.tmpdir(), "chc-copy-served-"));
    try {
      // The WARC folder is the one shared with the machine the files came from.
      const env = { DATABASE_URL: url, ARCHIVE_WARC_DIR: path.join(dataDir, "archive") };
      const copied = await answers(await startTestServer({ dataDir: emptyDir, env }));
      const [search, searched] = [copied[3], embedded[3]];
      expect(search.total).toBe(6);
      // Search scores differ between the backends; the pages found do not.
      const ids = (body: Answer) => new Set((body.results ?? []).map((r) => r.id));
      expect(ids(search)).toEqual(ids(searched));
      expect(copied[4].replay?.text).toContain("measles vaccination clinic");
      for (const i of [0, 1, 2, 4]) expect(copied[i], routes[i] ?? "/api/snapshot/{id}").toEqual(embedded[i]);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it("chc db copy-to-postgres prints the counts per table and refuses a URL that is not PostgreSQL", async () => {
    const lines: string[] = [];
    const program = new Command().exitOverride();
    program.configureOutput({ writeErr: (s) => lines.push(s.trim()) });
    registerDbCommands(program, {
      getStores: async () => new Map([...stores].map(([name, store]) => [name, { store, migrations: [] }])),
      print: (line) => lines.push(line),
      copySettings: () => ({ plans: plans() }),
    });
    await program.parseAsync(["node", "chc", "db", "copy-to-postgres", "--to", url]);
    expect(lines).toContain("  services: 0 copied, 0 brought up to date, 196 already there");
    expect(lines).toContain("Nothing new to copy: PostgreSQL already holds every row.");
    // Each module ends with its vacuum and its checkpoint, timed (its progress went to standard error).
    expect(
      lines.filter((l) => /^ {2}vacuumed and analyzed \d+ table\(s\) in [\d.]+ s$/.test(l)),
    ).toHaveLength(3);
    expect(lines.filter((l) => /^ {2}written out to disk \(CHECKPOINT\) in [\d.]+ s$/.test(l))).toHaveLength(
      3,
    );
    await expect(
      program.parseAsync(["node", "chc", "db", "copy-to-postgres", "--to", "mysql://x"]),
    ).rejects.toThrow();
    expect(lines.at(-1)).toMatch(/must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });
});
