/**
 * `npm run bench -- pg-ingest`: how fast the archive's pages go into PostgreSQL, both ways a
 * deployment fills it (issue 30: ≥ 1,000 pages a second each):
 * - `copy-to-postgres` of a generated sql.js archive (bench/archive.ts's pages, their WARC records
 *   read again for the search entries), into a new database of a throwaway cluster;
 * - indexing the same crawled job (its WARC files) straight into PostgreSQL through the archive
 *   repository, as the job runner does with DATABASE_URL.
 * Besides wall-clock pages a second, each row gives the CPU time a page cost (PostgreSQL's
 * processes and this one, from /proc), which a loaded machine does not inflate the way it
 * inflates the wall clock; and the load average around the run, since the machine is shared.
 * PG_INGEST_PAGES sets the archive's size (default 10,000); the generated archive is kept under
 * the temp folder as bench/archive.ts keeps it (ARCHIVE_BENCH_DB_DIR to place it).
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { indexJob } from "../server/archive/index/indexer.js";
import { archivePgMigrations } from "../server/archive/migrations/pg/index.js";
import { createPgArchiveRepository } from "../server/archive/repository-pg/index.js";
import { loadConfig } from "../server/core/config.js";
import { copyToPostgres } from "../server/db/copy-to-postgres.js";
import { pgUpgrade } from "../server/db/pg/migrations.js";
import { createPgPool } from "../server/db/pg/pool.js";
import { createStore } from "../server/db/store.js";
import { copyPlans } from "../server/modules.js";
import { parseJobConfig } from "../shared/archive/job-config.js";
import { startPgCluster } from "../tests/helpers/pg-cluster.js";
import { ensureLargeArchive, keptArchiveDir } from "./archive.js";
import type { BenchRow } from "./lib.js";
import { pointAtJobs } from "./postgres-data.js";

const PAGES = Number(process.env.PG_INGEST_PAGES ?? 10_000);
const GOAL = 1_000;
const none = { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN };
const TICKS = 100; // clock ticks a second in /proc/<pid>/stat (USER_HZ)
const quiet = { info() {}, warn() {}, error() {} };

/** CPU seconds of a process and of its children it has waited for (exited backends). */
function cpuOf(pid: number, withExited: boolean): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // Fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 after the command name.
  return (f[11] + f[12] + (withExited ? f[13] + f[14] : 0)) / TICKS;
}

/** CPU seconds used so far by the cluster: its postmaster, every live process under it and the exited ones. */
function clusterCpu(postmaster: number): number {
  const list = `/proc/${postmaster}/task/${postmaster}/children`;
  const children = existsSync(list) ? readFileSync(list, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  let total = cpuOf(postmaster, true);
  for (const c of children) {
    try {
      total += cpuOf(Number(c), false);
    } catch {
      // exited meanwhile: now counted in the postmaster's children
    }
  }
  return total;
}

async function postmasterPid(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const stat = readFileSync(`/proc/${rows[0].pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

interface Measured {
  seconds: number;
  pgCpu: number;
  nodeCpu: number;
  loadBefore: string;
  loadAfter: string;
}

async function measure(postmaster: number, fn: () => Promise<void>): Promise<Measured> {
  const loadBefore = loadAverage();
  const [pg0, node0, t0] = [clusterCpu(postmaster), process.cpuUsage(), performance.now()];
  await fn();
  const seconds = (performance.now() - t0) / 1000;
  const node = process.cpuUsage(node0);
  return {
    seconds,
    pgCpu: clusterCpu(postmaster) - pg0,
    nodeCpu: (node.user + node.system) / 1e6,
    loadBefore,
    loadAfter: loadAverage(),
  };
}

/**
 * A row of the table. `writers`: connections writing at once (a connection uses one core), for
 * what the CPU time alone allows on 2 idle cores beside this process.
 */
function row(name: string, pages: number, m: Measured, writers: number, more = ""): BenchRow {
  const rate = pages / m.seconds;
  const perPage = (s: number) => ((1000 * s) / pages).toFixed(2);
  const idle = pages / Math.max(m.pgCpu / writers, m.nodeCpu, (m.pgCpu + m.nodeCpu) / 2);
  return {
    name,
    ...none,
    rps: rate,
    extra:
      `${rate >= GOAL ? "meets" : "misses"} ≥ ${GOAL.toLocaleString("en")} pages/s (${pages.toLocaleString("en")} pages in ${m.seconds.toFixed(1)} s); ` +
      `CPU ms a page: PostgreSQL ${perPage(m.pgCpu)}, Node ${perPage(m.nodeCpu)} (≈ ${Math.round(idle).toLocaleString("en")} pages/s on 2 idle cores); ` +
      `load average ${m.loadBefore} before, ${m.loadAfter} after${more}`,
  };
}

/** A DATA_DIR holding a copy of the generated archive's database, its job folder linked. */
async function copySource(archiveDir: string, into: string): Promise<string> {
  const dataDir = path.join(into, "sqljs");
  mkdirSync(dataDir, { recursive: true });
  for (const suffix of [".sqlite", ".journal"]) {
    const file = path.join(archiveDir, `archive${suffix}`);
    if (existsSync(file)) copyFileSync(file, path.join(dataDir, `archive${suffix}`));
  }
  await pointAtJobs(dataDir, path.join(archiveDir, "archive", "jobs"));
  return dataDir;
}

async function copyRow(url: string, dataDir: string, postmaster: number): Promise<BenchRow[]> {
  const store = await createStore({ dataDir, name: "archive", logger: quiet, readOnly: true });
  let entries: Measured | undefined;
  let entriesStart: { t: number; pg: number; node: NodeJS.CpuUsage; load: string } | undefined;
  let notes: string[] = [];
  try {
    const whole = await measure(postmaster, async () => {
      const [report] = await copyToPostgres({
        url,
        modules: [{ name: "archive", store }],
        plans: copyPlans(loadConfig({ DATA_DIR: dataDir })),
        progress: {
          start(what) {
            // The search entries' stretch is timed on its own (it is the copy's pages).
            if (what.includes("search entries"))
              entriesStart = {
                t: performance.now(),
                pg: clusterCpu(postmaster),
                node: process.cpuUsage(),
                load: loadAverage(),
              };
          },
          advance() {},
          finish() {
            if (!entriesStart || entries) return;
            const node = process.cpuUsage(entriesStart.node);
            entries = {
              seconds: (performance.now() - entriesStart.t) / 1000,
              pgCpu: clusterCpu(postmaster) - entriesStart.pg,
              nodeCpu: (node.user + node.system) / 1e6,
              loadBefore: entriesStart.load,
              loadAfter: loadAverage(),
            };
          },
          say() {},
        },
      });
      notes = report.notes;
    });
    // The copy writes two batches of search entries at once (copy-plan.ts).
    const rows = [
      row(
        "copy-to-postgres archive: whole module (tables, search entries, vacuum)",
        PAGES,
        whole,
        2,
        `; ${notes.join("; ")}`,
      ),
    ];
    if (entries)
      rows.unshift(
        row("copy-to-postgres archive: search entries (read from the WARC records)", PAGES, entries, 2),
      );
    return rows;
  } finally {
    await store.close();
  }
}

async function indexRow(url: string, archiveDir: string, postmaster: number): Promise<BenchRow> {
  const pool = createPgPool({ url, schema: "archive", size: 4 });
  const warcRoot = mkdtempSync(path.join(os.tmpdir(), "chc-bench-pg-ingest-warc-"));
  try {
    await pgUpgrade(pool, "archive", archivePgMigrations);
    const repo = createPgArchiveRepository(pool, warcRoot);
    const parsed = parseJobConfig({
      seeds: ["http://bench.example/s/p0.html"],
      scope: { allow_private: true },
    });
    if (!parsed.ok) throw new Error(parsed.message);
    const job = await repo.createJob(
      { sourceCode: "demo", name: "bench-pg-ingest", config: parsed.config },
      new Date().toISOString(),
    );
    // The generated crawl's WARC files, linked into the job's folder (the replay index is written beside them).
    mkdirSync(job.output_dir, { recursive: true });
    const jobs = path.join(archiveDir, "archive", "jobs");
    for (const dir of readdirSync(jobs))
      for (const f of readdirSync(path.join(jobs, dir)).filter((f) => f.endsWith(".warc.gz")))
        symlinkSync(path.join(jobs, dir, f), path.join(job.output_dir, f));
    let snapshots = 0;
    const m = await measure(postmaster, async () => {
      snapshots = (await indexJob(repo, job, () => new Date().toISOString())).snapshots;
    });
    // As many writers as the repository takes batches at once (each batch for its own pages).
    const writers = repo.captureBatchesAtOnce ?? 1;
    return row(
      "index a crawled job into PostgreSQL (WARC read, pages extracted, written)",
      snapshots,
      m,
      writers,
    );
  } finally {
    await pool.end();
    rmSync(warcRoot, { recursive: true, force: true });
  }
}

export async function benchPgIngest(): Promise<BenchRow[]> {
  const archiveDir = path.resolve(process.env.ARCHIVE_BENCH_DB_DIR ?? keptArchiveDir("archive", PAGES));
  await ensureLargeArchive(archiveDir, PAGES);
  const work = mkdtempSync(path.join(os.tmpdir(), "chc-bench-pg-ingest-"));
  const cluster = await startPgCluster();
  try {
    const dataDir = await copySource(archiveDir, work);
    const probe = createPgPool({ url: cluster.url, schema: "public", size: 1 });
    const postmaster = await postmasterPid(probe);
    await probe.end();
    const rows = await copyRow(cluster.createDatabase("copied"), dataDir, postmaster);
    rows.push(await indexRow(cluster.createDatabase("indexed"), archiveDir, postmaster));
    return rows;
  } finally {
    cluster.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}
