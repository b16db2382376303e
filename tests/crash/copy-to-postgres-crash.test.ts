/**
 * kill -9 of `copy-to-postgres` while the archive's search entries are written (batches of two
 * pages, two batches in flight): every batch is whole after the kill (a page with its vectors has
 * its impacts and its page row; none of the next batch is there; the pages' word unions, written
 * once every entry is, are not there yet), and running the copy again fills in the rest and writes
 * the unions, giving the same search rows as a copy never interrupted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveModule } from "../../server/archive/index.js";
import { archiveCopyPlan } from "../../server/archive/repository-pg/copy-plan.js";
import { copyToPostgres } from "../../server/db/copy-to-postgres.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { createStore } from "../../server/db/store.js";
import type { Store } from "../../server/db/types.js";
import { indexGeneratedJob } from "../helpers/archive/search-corpus.js";
import type { PgCluster } from "../helpers/pg-cluster.js";
import { testPgCluster } from "../helpers/pg-shared.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const CAPTURES = 48;
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

let cluster: PgCluster;
let dataDir: string;
let store: Store;
const pools: pg.Pool[] = [];
const children = new Set<ChildProcess>();

beforeAll(async () => {
  cluster = await testPgCluster();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-copy-crash-"));
  const writer = await createStore({
    dataDir,
    name: "archive",
    migrations: archiveModule.migrations,
    logger: quiet,
  });
  await indexGeneratedJob(writer, dataDir, { count: CAPTURES, first: 0, day: "2026-04-01T09:00:00.000Z" });
  await writer.close();
  store = await createStore({ dataDir, name: "archive", logger: quiet, readOnly: true });
}, 120_000);

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  for (const pool of pools) await pool.end();
  await store?.close();
  cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const copy = (url: string) =>
  copyToPostgres({
    url,
    modules: [{ name: "archive", store }],
    plans: { archive: archiveCopyPlan({ DATA_DIR: dataDir, ARCHIVE_WARC_DIR: undefined }) },
    batchSize: 2,
  });

function poolOf(url: string) {
  const pool = createPgPool({ url, schema: "archive", size: 2 });
  pools.push(pool);
  return pool;
}

/** Runs the copy in a child process and kills it (SIGKILL) once `batches` batches were committed. */
function copyKilledAfter(url: string, batches: number): Promise<number> {
  const child = spawn(
    process.execPath,
    nodeArgsFor(path.join(here, "copy-to-postgres-child.ts"), dataDir, url),
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(child);
  let seen = 0;
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  child.stdout?.on("data", (d: Buffer) => {
    seen += (String(d).match(/^batch$/gm) ?? []).length;
    if (seen >= batches) child.kill("SIGKILL");
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (signal === "SIGKILL") resolve(seen);
      else reject(new Error(`the copy ended (${code}) before it was killed: ${err}`));
    }),
  );
}

/** What each page's search entry is made of, per snapshot with an entry. */
async function entries(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT f.id, p.g, p.listed_id, f.fts_en::text AS en, f.rank_lead::text AS lead,
            (SELECT v.fts_exact::text FROM search_rank_vectors v WHERE v.id = f.id) AS exact,
            (SELECT count(*) FROM search_impacts i WHERE i.id = f.id) AS impacts,
            (SELECT w.words_en::text FROM search_page_words w WHERE w.page_id = f.page_id) AS page_words
       FROM snapshots_fts f JOIN search_pages p ON p.id = f.page_id ORDER BY f.id`,
  );
  return rows;
}

describe("copy-to-postgres killed with SIGKILL while writing search entries", () => {
  it("leaves whole batches only, and the next run gives what an uninterrupted copy gives", async () => {
    const reference = cluster.createDatabase("uninterrupted");
    await copy(reference);
    const expected = await entries(poolOf(reference));
    expect(expected).toHaveLength(CAPTURES);

    const target = cluster.createDatabase("killed");
    await copyKilledAfter(target, 4);
    const pool = poolOf(target);
    const after = await entries(pool);
    // Killed mid-way: some pages have their entry, not all.
    expect(after.length).toBeGreaterThanOrEqual(8);
    expect(after.length).toBeLessThan(CAPTURES);
    // Every page with vectors has all of its entry: no batch is half there.
    const byId = new Map(expected.map((e) => [e.id, e]));
    for (const e of after) {
      const whole = byId.get(e.id);
      expect({ ...e, listed_id: null, page_words: null }, `snapshot ${e.id}`).toEqual({
        ...whole,
        listed_id: null,
        page_words: null,
      });
      expect(e.page_words, `snapshot ${e.id}: no union before every entry is written`).toBeNull();
    }
    const { rows: stray } = await pool.query(
      `SELECT (SELECT count(*) FROM search_impacts i WHERE NOT EXISTS (SELECT 1 FROM snapshots_fts f WHERE f.id = i.id))
            + (SELECT count(*) FROM search_rank_vectors v WHERE NOT EXISTS (SELECT 1 FROM snapshots_fts f WHERE f.id = v.id)) AS n`,
    );
    expect(stray[0].n).toBe(0);

    await copy(target);
    expect(await entries(pool)).toEqual(expected);
  }, 120_000);
});
