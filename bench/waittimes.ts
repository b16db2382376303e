/**
 * Wait-time observatory benchmark over the large demo dataset (3 million+ measurements): every
 * endpoint at 8 and 32 connections against the real server in a child process, plus the server's
 * start-up time to listening and its resident memory. Target: p95 ≤ 20 ms at 8 connections.
 * The large database is built once under os.tmpdir() and reused (BENCH_REBUILD=1 rebuilds it).
 * Standalone: `npx tsx bench/waittimes.ts` (BENCH_SECONDS sets each run's length, default 5).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "../server/db/store.js";
import { computeBenchmarks } from "../server/waittimes/benchmarks.js";
import { hospitalQuality, runsForWindow } from "../server/waittimes/data-quality.js";
import { extendDemoHistory } from "../server/waittimes/demo-live.js";
import { seedWaittimesDemo } from "../server/waittimes/demo-seed.js";
import { loadRegistry } from "../server/waittimes/hospital-registry.js";
import { waittimesMigrations } from "../server/waittimes/migrations/index.js";
import { computeOccupancy } from "../server/waittimes/occupancy.js";
import { waittimesRepository } from "../server/waittimes/repository-of.js";
import { computeTrends } from "../server/waittimes/trends.js";
import type { TrendPeriod } from "../shared/waittimes/schemas.js";
import { type BenchRow, load, percentiles, printTable, startServerChild, stopChild } from "./lib.js";

const LARGE_DIR = path.join(os.tmpdir(), "chc-bench-waittimes-large");

export async function ensureLargeDataset(): Promise<{ dataDir: string; note: string }> {
  const quiet = { info() {}, warn() {}, error() {} };
  if (process.env.BENCH_REBUILD === "1") rmSync(LARGE_DIR, { recursive: true, force: true });
  if (existsSync(path.join(LARGE_DIR, "waittimes.sqlite"))) {
    const store = await createStore({
      dataDir: LARGE_DIR,
      name: "waittimes",
      migrations: waittimesMigrations,
      logger: quiet,
    });
    const meta = store.get<{ value: string }>("SELECT value FROM meta WHERE key = 'demo_scale'");
    const n = store.get<{ n: number }>("SELECT COUNT(*) AS n FROM measurements")!.n;
    // A reused dataset is brought up to now, so the 24h and 7d windows hold data as on day one.
    const repo = waittimesRepository({ store });
    const added = meta?.value === "large" ? await extendDemoHistory(repo, await loadRegistry(repo)) : 0;
    await store.close();
    if (meta?.value === "large" && n >= 3_000_000)
      return { dataDir: LARGE_DIR, note: `reused ${n + added} measurements` };
    rmSync(LARGE_DIR, { recursive: true, force: true });
  }
  mkdirSync(LARGE_DIR, { recursive: true });
  const t0 = performance.now();
  const store = await createStore({
    dataDir: LARGE_DIR,
    name: "waittimes",
    migrations: waittimesMigrations,
    logger: quiet,
    checkpointJournalBytes: 512 * 1024 * 1024,
  });
  const summary = await seedWaittimesDemo(waittimesRepository({ store }), "large");
  await store.checkpoint();
  await store.close();
  const secs = ((performance.now() - t0) / 1000).toFixed(0);
  return {
    dataDir: LARGE_DIR,
    note: `built ${"measurements" in summary ? summary.measurements : "?"} measurements in ${secs} s`,
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const AB = [
  "ca-ab-foothills-medical-centre",
  "ca-ab-rockyview-general-hospital",
  "ca-ab-royal-alexandra-hospital",
];
const BC = ["ca-bc-vgh", "ca-bc-st-pauls"];
const QC = ["ca-qc-chum", "ca-qc-jewish-general"];
const many = (paths: string[]) => paths.map((p) => ({ method: "GET", path: p }));

const ENDPOINTS: { name: string; requests: { method: string; path: string }[] }[] = [
  // Reference: the cheapest route through the same middleware, under the same machine load.
  { name: "GET /api/health (baseline)", requests: many(["/api/health"]) },
  {
    name: "GET /api/hospitals (?province=)",
    requests: many(["/api/hospitals", "/api/hospitals?province=ON", "/api/hospitals?province=QC"]),
  },
  {
    name: "GET trends 24h",
    requests: many([...AB, ...BC, ...QC].map((h) => `/api/hospitals/${h}/trends?period=24h`)),
  },
  {
    name: "GET trends 7d (default)",
    requests: many([...AB, ...BC, ...QC].map((h) => `/api/hospitals/${h}/trends`)),
  },
  {
    name: "GET trends 30d / 90d",
    requests: many(
      [...AB, ...BC].flatMap((h) => [
        `/api/hospitals/${h}/trends?period=30d`,
        `/api/hospitals/${h}/trends?period=90d`,
      ]),
    ),
  },
  {
    name: "GET trends 6m",
    requests: many([...AB, ...BC, ...QC].map((h) => `/api/hospitals/${h}/trends?period=6m`)),
  },
  {
    name: "GET trends 1y",
    requests: many([...AB, ...BC, ...QC].map((h) => `/api/hospitals/${h}/trends?period=1y`)),
  },
  {
    name: "GET /api/compare",
    requests: many([
      `/api/compare?a=${AB[0]}&b=${QC[0]}`,
      `/api/compare?a=${AB[0]}&b=${AB[1]}`,
      `/api/compare?a=${BC[0]}&b=ca-on-kingston-health-sciences-centre`,
    ]),
  },
  {
    name: "GET /api/analytics/benchmarks",
    requests: many([
      "/api/analytics/benchmarks?province=AB&period=24h",
      "/api/analytics/benchmarks?province=BC&period=7d",
      "/api/analytics/benchmarks?province=ON&period=30d",
      `/api/analytics/benchmarks?province=AB&period=30d&hospital_id=${AB[0]}`,
    ]),
  },
  { name: "GET /api/analytics/occupancy", requests: many(["/api/analytics/occupancy?province=QC"]) },
  {
    name: "GET /api/data-quality?hospital_id=",
    requests: many([...AB, ...BC, ...QC].map((h) => `/api/data-quality?hospital_id=${h}`)),
  },
  {
    name: "GET /api/data-quality (all sources)",
    requests: many(["/api/data-quality", "/api/data-quality?days=7"]),
  },
];

/**
 * The module's own work per request, in-process on the same data (no HTTP, no middleware): the
 * stable part of the figures above when the machine is shared.
 */
async function inProcessRows(dataDir: string): Promise<BenchRow[]> {
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({ dataDir, name: "waittimes", readOnly: true, logger: quiet });
  const repo = waittimesRepository({ store });
  const registry = await loadRegistry(repo);
  const now = Math.floor(Date.now() / 1000);
  const pick = ["ca-ab-foothills-medical-centre", "ca-bc-vgh", "ca-qc-chum"].map(
    (id) => registry.byKey.get(id)!,
  );
  // Each call is awaited, as a request awaits it: the figures include the repository's promises.
  const time = async (name: string, fn: (i: number) => Promise<unknown>, n = 60): Promise<BenchRow> => {
    await fn(0);
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn(i);
      samples.push(performance.now() - t);
    }
    return {
      name: `in-process: ${name}`,
      connections: 0,
      ...percentiles(samples),
      rps: 1000 / percentiles(samples).p50,
    };
  };
  const rows: BenchRow[] = [];
  for (const period of ["24h", "7d", "90d", "1y"] as TrendPeriod[]) {
    rows.push(
      await time(`computeTrends ${period}`, (i) =>
        computeTrends(repo, pick[i % 3], period, "TIME_TO_PROVIDER", now, true),
      ),
    );
  }
  rows.push(
    await time("computeBenchmarks ON 30d (154 hospitals)", () =>
      computeBenchmarks(repo, registry.hospitals, "ON", "30d", now, { demo: true }),
    ),
  );
  rows.push(
    await time("computeBenchmarks AB 24h", () =>
      computeBenchmarks(repo, registry.hospitals, "AB", "24h", now, { demo: true }),
    ),
  );
  rows.push(await time("computeOccupancy QC", () => computeOccupancy(repo, registry, now)));
  const ctx = { now, days: 30, thinnedBefore: null };
  const runs = await runsForWindow(repo, "alberta-ahs", ctx);
  rows.push(
    await time(
      "hospitalQuality 30d, one AB hospital (uncached)",
      (i) => hospitalQuality(repo, pick[0], { ...ctx, now: now + i }, runs),
      10,
    ),
  );
  const t0 = performance.now();
  for (const h of registry.hospitals)
    await hospitalQuality(repo, h, ctx, await runsForWindow(repo, h.source_id, ctx));
  const all = performance.now() - t0;
  rows.push({
    name: "in-process: data quality, all 219 hospitals (uncached, once a minute at most)",
    connections: 0,
    p50: all,
    p95: all,
    p99: all,
  });
  await store.close();
  return rows;
}

export async function benchWaittimes(
  durationSeconds = Number(process.env.BENCH_SECONDS ?? 5),
): Promise<BenchRow[]> {
  const { dataDir, note } = await ensureLargeDataset();
  const rows: BenchRow[] = await inProcessRows(dataDir);
  const t0 = performance.now();
  const server = await startServerChild(dataDir);
  const startupMs = performance.now() - t0;
  const pid = server.child.pid!;
  const base = server.url;
  try {
    rows.push({
      name: "start-up to listening (large dataset)",
      p50: startupMs,
      p95: startupMs,
      p99: startupMs,
      extra: `${note}; RSS after start ${rssMb(pid)} MB`,
    });
    for (const e of ENDPOINTS) {
      // Warm-up: each variant once to completion (the cold data-quality report takes seconds and is
      // reported in-process above), then a second of light load.
      for (const r of e.requests) await (await fetch(base + r.path)).arrayBuffer();
      await load({ url: base, connections: 2, durationSeconds: 1, requests: e.requests });
      for (const connections of [8, 32]) {
        const r = await load({ url: base, connections, durationSeconds, requests: e.requests });
        rows.push({
          name: e.name,
          connections,
          ...r,
          extra: `${connections === 8 ? "target p95 ≤ 20 ms; " : ""}errors ${r.errors}, non-2xx ${r.non2xx}`,
        });
      }
    }
    const rss = rssMb(pid);
    rows.push({
      name: "server resident memory after the runs",
      p50: rss,
      p95: rss,
      p99: rss,
      extra: "MB (VmRSS of the server process)",
    });
  } finally {
    await stopChild(server.child);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Wait-time observatory (large dataset)", await benchWaittimes());
}
