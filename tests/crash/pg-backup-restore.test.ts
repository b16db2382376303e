/**
 * `chc db backup` and `chc db restore` on PostgreSQL, with the real pg_dump and pg_restore on a real
 * cluster: the backup is one dump of the three schemas with the extensions the archive's search
 * needs, beside the WARC files; restored into a new database and data folder, search, the
 * directory and sign-in answer as before. A restore into a database that already has the schemas
 * changes nothing. A dump taken schema by schema (which leaves the extensions out) restores the
 * tables but not the search: the server then refuses to start, naming what is missing.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { archiveCopyPlan } from "../../server/archive/repository-pg/copy-plan.js";
import { copyToPostgres } from "../../server/db/copy-to-postgres.js";
import { findPgTool } from "../../server/db/pg/dump.js";
import { createStore } from "../../server/db/store.js";
import { directoryModule } from "../../server/directory/index.js";
import { waittimesModule } from "../../server/waittimes/index.js";
import { indexGeneratedJob } from "../helpers/archive/search-corpus.js";
import { ACCOUNTS, bearer } from "../helpers/directory/accounts.js";
import { signedIn } from "../helpers/directory/demo-directory.js";
import type { PgCluster } from "../helpers/pg-cluster.js";
import { testPgCluster } from "../helpers/pg-shared.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const chc = (env: Record<string, string>, ...args: string[]) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      nodeArgsFor("server/cli.ts", ...args),
      { env: { ...process.env, LOG_LEVEL: "silent", ...env }, timeout: 90_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
const modules = () => [createArchiveModule(), directoryModule, waittimesModule];

let cluster: PgCluster;
let sourceUrl: string;
let sourceDir: string;
let server: TestServer;
let backup: string;
let made: Run;
let before: Record<string, unknown>;

/** What the three modules answer: search, the directory, wait times, and a sign-in. */
async function answers(baseUrl: string) {
  const get = async (p: string) => {
    const res = await fetch(baseUrl + p);
    return { status: res.status, body: await res.json() };
  };
  const search = await get("/api/search?q=influenza");
  const fr = await get(`/api/search?q=${encodeURIComponent("grippe saisonnière")}`);
  const services = await get("/api/v1/services?limit=5");
  const hospitals = await get("/api/hospitals");
  return {
    search: {
      status: search.status,
      total: search.body.total,
      ids: search.body.results?.map((r: { id: number }) => r.id),
    },
    fr: { status: fr.status, total: fr.body.total },
    services: { status: services.status, ids: services.body.data?.map((s: { id: string }) => s.id) },
    hospitals: { status: hospitals.status, body: hospitals.body },
    signIn: (await bearer(baseUrl, ACCOUNTS.admin)).length > 0,
  };
}

beforeAll(async () => {
  cluster = await testPgCluster();
  sourceUrl = cluster.createDatabase("backup_source");
  sourceDir = scratchDir("chc-pg-backup-src-");
  // The archive's pages and WARC written by the real indexer, then copied to PostgreSQL.
  const writer = await createStore({
    dataDir: sourceDir,
    name: "archive",
    migrations: createArchiveModule().migrations,
    logger: quiet,
  });
  await indexGeneratedJob(writer, sourceDir, { count: 12, first: 0, day: "2026-04-01T09:00:00.000Z" });
  await writer.close();
  const store = await createStore({ dataDir: sourceDir, name: "archive", logger: quiet, readOnly: true });
  await copyToPostgres({
    url: sourceUrl,
    modules: [{ name: "archive", store }],
    plans: { archive: archiveCopyPlan({ DATA_DIR: sourceDir, ARCHIVE_WARC_DIR: undefined }) },
  });
  await store.close();
  server = await startTestServer({
    dataDir: sourceDir,
    demo: true,
    databaseUrl: sourceUrl,
    modules: modules(),
  });
  await signedIn(server, "admin");
  before = await answers(server.baseUrl);
  backup = path.join(scratchDir("chc-pg-backup-"), "copy");
  made = await chc({ DATA_DIR: sourceDir, DATABASE_URL: sourceUrl }, "db", "backup", backup);
}, 180_000);

afterAll(async () => {
  await server?.close();
  cluster?.destroy();
});

const warcsUnder = (dataDir: string): string[] => {
  const root = path.join(dataDir, "archive");
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.includes(".warc"));
};

describe("db backup and db restore on PostgreSQL", () => {
  it("backs up the three schemas in one dump with their extensions, and a restore answers as before", async () => {
    expect(before.search).toMatchObject({ status: 200 });
    expect((before.search as { total: number }).total).toBeGreaterThan(0);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(backup, "backup-manifest.json"), "utf8"));
    expect(manifest.format).toBe(2);
    expect(manifest.postgres).toMatchObject({
      file: "postgres.dump",
      schemas: ["archive", "directory", "waittimes"],
      extensions: ["pg_trgm", "unaccent"],
    });
    expect(warcsUnder(sourceDir).length).toBeGreaterThan(0);

    const targetUrl = cluster.createDatabase("backup_restored");
    const targetDir = scratchDir("chc-pg-restored-");
    const restored = await chc({ DATA_DIR: targetDir, DATABASE_URL: targetUrl }, "db", "restore", backup);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(warcsUnder(targetDir)).toEqual(warcsUnder(sourceDir));

    const second = await startTestServer({ dataDir: targetDir, databaseUrl: targetUrl, modules: modules() });
    try {
      expect(await answers(second.baseUrl)).toEqual(before);
      const health = await fetch(`${second.baseUrl}/api/health`);
      expect(await health.json()).toMatchObject({ status: "ok" });
    } finally {
      await second.close();
    }

    // Again into the same database: refused before anything is copied.
    const again = scratchDir("chc-pg-restored-again-");
    const refused = await chc({ DATA_DIR: again, DATABASE_URL: targetUrl }, "db", "restore", backup);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("the database already has the schemas archive, directory, waittimes");
    expect(warcsUnder(again)).toEqual([]);
  }, 180_000);

  it("a server on a dump taken schema by schema (no extensions) refuses to start, naming what search lacks", async () => {
    const partialUrl = cluster.createDatabase("backup_by_schema");
    const dumps = scratchDir("chc-pg-by-schema-");
    mkdirSync(dumps, { recursive: true });
    const conn = (url: string) => {
      const u = new URL(url);
      return ["-h", u.hostname, "-p", u.port, "-U", decodeURIComponent(u.username)];
    };
    for (const schema of ["archive", "directory", "waittimes"]) {
      const file = path.join(dumps, `${schema}.dump`);
      const dump = spawnSync(findPgTool("pg_dump"), [
        ...conn(sourceUrl),
        "-Fc",
        `--schema=${schema}`,
        "-f",
        file,
        new URL(sourceUrl).pathname.slice(1),
      ]);
      expect(dump.status, String(dump.stderr)).toBe(0);
      // The archive's fails on the missing dictionary and operator class and goes on: the audit's restore.
      spawnSync(findPgTool("pg_restore"), [
        ...conn(partialUrl),
        "-d",
        new URL(partialUrl).pathname.slice(1),
        file,
      ]);
    }
    await expect(
      startTestServer({
        dataDir: scratchDir("chc-pg-by-schema-data-"),
        databaseUrl: partialUrl,
        modules: modules(),
      }),
    ).rejects.toThrow(
      /archive cannot serve: its PostgreSQL schema lacks text search configuration archive\.english_unaccent/,
    );
  }, 120_000);
});
