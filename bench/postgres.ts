/**
 * PostgreSQL beside sql.js in one run, over the same data (bench/postgres-data.ts): the embedded
 * server on the sql.js files, then `chc db copy-to-postgres` into a throwaway cluster (Debian's
 * postgresql package, as the tests start one), then the server on DATABASE_URL with WORKERS=2.
 * The cluster and the prepared sql.js files are kept for the next run (bench/postgres-cluster.ts,
 * PG_BENCH_DIR), which then only starts the cluster and measures; the copy times shown are the
 * ones measured when the folder was made, marked "(kept)" with their date and commit.
 * p50/p95/p99 at 8 connections for a year of trends, directory search, archive search (relevance,
 * fuzzy, quoted phrases) and /api/health; resident memory per server process; copy time per module.
 * Targets on PostgreSQL: archive search p95 ≤ 200 ms, other reads p95 ≤ 20 ms, ≤ 300 MB per process.
 * `npm run bench -- postgres`; BENCH_SECONDS sets each load's length (default 5), BENCH_RUNS how
 * many times each runs (default 3; the medians are shown).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/core/config.js";
import { copyToPostgres } from "../server/db/copy-to-postgres.js";
import { createStore } from "../server/db/store.js";
import { copyPlans } from "../server/modules.js";
import { distinct, queryMix, untilIndexReady, vmRss } from "./archive-read.js";
import { type BenchRow, load, startServerChild, stopChild } from "./lib.js";
import { keptCopyRows, openBenchCluster } from "./postgres-cluster.js";
import { ARCHIVE_PAGES, medianOf, prepareDeployment, processTree } from "./postgres-data.js";

const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Each load is run this many times and the median of each figure is shown (BENCH_RUNS, default 3). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const none = { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN };
const HOSPITALS = [
  "ca-ab-foothills-medical-centre",
  "ca-bc-vgh",
  "ca-qc-chum",
  "ca-ab-royal-alexandra-hospital",
];
const SERVICE_QUERIES = [
  "food bank",
  "I can't pay my rent",
  "hébergement",
  "shleter",
  "legal aid",
  "overdose",
];
const ARCHIVE_MODES = {
  relevance: "search relevance_fts (EN/FR words and pairs)",
  fuzzy: "search relevance_fuzzy (typos)",
  phrase: "search quoted phrases",
};

const note = (r: { p95: number; rps: number; errors: number; non2xx: number }, goal: number) =>
  r.rps === 0 || Number.isNaN(r.p95)
    ? `no answer within the ${SECONDS} s window (each took longer): misses p95 ≤ ${goal} ms`
    : `${r.p95 <= goal ? "meets" : "misses"} p95 ≤ ${goal} ms${r.errors || r.non2xx ? `; ${r.errors} errors, ${r.non2xx} non-2xx` : ""}`;

/** The four reads at 8 connections against one running server, then each process's memory. */
async function serverRows(label: string, url: string, pid: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const run = async (name: string, goal: number, requests: Parameters<typeof load>[0]["requests"]) => {
    const runs: Awaited<ReturnType<typeof load>>[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await load({ url, connections: CONNECTIONS, durationSeconds: SECONDS, requests }));
    const r = medianOf(runs);
    rows.push({ name: `[${label}] ${name}`, connections: CONNECTIONS, ...r, extra: note(r, goal) });
  };
  await run(
    "GET /api/hospitals/{id}/trends?period=1y",
    20,
    HOSPITALS.map((h) => ({ method: "GET", path: `/api/hospitals/${h}/trends?period=1y` })),
  );
  await run(
    "POST /api/v1/search/services (10,000 services)",
    20,
    SERVICE_QUERIES.map((query) => ({
      method: "POST",
      path: "/api/v1/search/services",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, limit: 20 }),
    })),
  );
  const mix = queryMix(ARCHIVE_PAGES);
  for (const [mode, key] of Object.entries(ARCHIVE_MODES))
    await run(`GET /api/search ${mode}`, 200, distinct(mix[key]));
  await run("GET /api/health", 20, [{ method: "GET", path: "/api/health" }]);
  const pids = processTree(pid);
  rows.push({
    name: `[${label}] resident memory per process`,
    ...none,
    extra: `${pids.map((p) => `${vmRss(p).toFixed(0)} MB`).join(", ")} (${pids.length} process(es); goal ≤ 300 MB each)`,
  });
  return rows;
}

/** Copies module by module so each gets its own time. */
async function copyRows(dataDir: string, url: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const quiet = { info() {}, warn() {}, error() {} };
  for (const name of ["waittimes", "directory", "archive"]) {
    const store = await createStore({ dataDir, name, logger: quiet, readOnly: true });
    const t0 = performance.now();
    const [report] = await copyToPostgres({
      url,
      modules: [{ name, store }],
      plans: copyPlans(loadConfig({ DATA_DIR: dataDir })),
    });
    const secs = (performance.now() - t0) / 1000;
    await store.close();
    const copied = report.tables.reduce((n, t) => n + t.copied, 0);
    rows.push({
      name: `copy-to-postgres ${name}`,
      ...none,
      rps: copied / secs,
      extra: `${secs.toFixed(1)} s for ${copied} rows${report.notes.length ? `; ${report.notes.join("; ")}` : ""}`,
    });
  }
  return rows;
}

export async function benchPostgres(): Promise<BenchRow[]> {
  const cluster = await openBenchCluster(ARCHIVE_PAGES);
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-postgres-empty-"));
  try {
    let saved = cluster.saved;
    if (!cluster.reused) {
      const { notes } = await prepareDeployment(cluster.dataDir);
      saved = { notes, copy: await copyRows(cluster.dataDir, cluster.url) };
      cluster.markReady(saved);
    }
    const kept = cluster.reused ? " (data and cluster kept from an earlier run)" : "";
    const rows: BenchRow[] = [{ name: "data", ...none, extra: `${saved.notes.join("; ")}${kept}` }];
    const embedded = await startServerChild(cluster.dataDir);
    try {
      await untilIndexReady(embedded.url);
      rows.push(...(await serverRows("sql.js", embedded.url, embedded.child.pid ?? 0)));
    } finally {
      await stopChild(embedded.child);
    }
    rows.push(...(cluster.reused ? keptCopyRows(saved) : saved.copy));
    const served = await startServerChild(emptyDir, {
      DATABASE_URL: cluster.url,
      WORKERS: "2",
      DATABASE_POOL_SIZE: "10",
    });
    try {
      rows.push(...(await serverRows("PostgreSQL, WORKERS=2", served.url, served.child.pid ?? 0)));
    } finally {
      await stopChild(served.child);
    }
    return rows;
  } finally {
    cluster.stop();
    rmSync(emptyDir, { recursive: true, force: true });
  }
}
