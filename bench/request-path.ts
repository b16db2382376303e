/**
 * The request path (issue #18 §1): our server (child process, all modules, demo data) against a
 * bare node:http server answering the very same bytes, at 8 and 64 connections, for
 * `/api/health` and the cached reads `/api/hospitals`, `/api/sources`, `/api/v1/services/{id}`.
 * Each pair is measured back to back (bare, then ours) so machine noise hits both alike.
 * Goals at 64 connections (issue #30 §1): health ≥ 0.6× bare's throughput with p99 ≤ 2× bare's;
 * cached reads ≥ 0.4× bare's throughput. Each row at 64 connections prints its ratios, the goal
 * and whether this run met it.
 * Standalone: `npx tsx bench/request-path.ts`. BENCH_SECONDS sets each run's length (default 5);
 * BENCH_ROUNDS repeats the whole set and prints the median of each figure and of each round's
 * ratios (default 1).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BenchRow, load, printTable, startChild, startServerChild, stopChild } from "./lib.js";

interface Endpoint {
  name: string;
  path: string;
  /** Minimum throughput against bare at 64 connections. */
  minRatio: number;
  /** Maximum p99 against bare's at 64 connections, when the issue sets one. */
  maxP99Ratio?: number;
}

const CONNECTIONS = [8, 64];
type Figures = { rps: number; p50: number; p95: number; p99: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const medianFigures = (runs: Figures[]): Figures => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p95: median(runs.map((r) => r.p95)),
  p99: median(runs.map((r) => r.p99)),
});

/** Our answers, fetched once: the bare server sends exactly these bytes. */
async function endpointsOf(url: string): Promise<{ endpoints: Endpoint[]; bodies: Record<string, string> }> {
  const list = await (await fetch(`${url}/api/v1/services?limit=1`)).json();
  const serviceId = list.data[0].id as string;
  const endpoints: Endpoint[] = [
    { name: "/api/health", path: "/api/health", minRatio: 0.6, maxP99Ratio: 2 },
    { name: "/api/hospitals", path: "/api/hospitals", minRatio: 0.4 },
    { name: "/api/sources", path: "/api/sources", minRatio: 0.4 },
    { name: "/api/v1/services/{id}", path: `/api/v1/services/${serviceId}`, minRatio: 0.4 },
  ];
  const bodies: Record<string, string> = {};
  for (const e of endpoints) {
    const res = await fetch(`${url}${e.path}`);
    if (res.status !== 200) throw new Error(`${e.path} answered ${res.status}`);
    bodies[e.path] = await res.text();
  }
  return { endpoints, bodies };
}

export async function benchRequestPath(
  durationSeconds = Number(process.env.BENCH_SECONDS ?? 5),
  rounds = Number(process.env.BENCH_ROUNDS ?? 1),
): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-request-path-"));
  const bodiesFile = path.join(dataDir, "bare-bodies.json");
  const rows: BenchRow[] = [];
  try {
    const ours = await startServerChild(path.join(dataDir, "data"), {
      DEMO_DATA: "1",
      ARCHIVE_DEMO_CRAWL: "0",
    });
    const { endpoints, bodies } = await endpointsOf(ours.url);
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startChild(["bench/bare-health.mjs", bodiesFile], {}, /listening on/);
    const bareUrl = bare.line.match(/http:\/\/\S+/)![0];
    const results = new Map<string, { bare: Figures[]; ours: Figures[] }>();
    for (const e of endpoints) {
      await load({ url: `${bareUrl}${e.path}`, connections: 16, durationSeconds: 1 });
      await load({ url: `${ours.url}${e.path}`, connections: 16, durationSeconds: 1 });
    }
    for (let round = 0; round < rounds; round++) {
      for (const e of endpoints) {
        for (const connections of CONNECTIONS) {
          const key = `${e.name}|${connections}`;
          const slot = results.get(key) ?? { bare: [], ours: [] };
          results.set(key, slot);
          slot.bare.push(await load({ url: `${bareUrl}${e.path}`, connections, durationSeconds }));
          const o = await load({ url: `${ours.url}${e.path}`, connections, durationSeconds });
          if (o.non2xx || o.errors) throw new Error(`${e.path}: ${o.non2xx} non-2xx, ${o.errors} errors`);
          slot.ours.push(o);
        }
      }
    }
    await stopChild(ours.child);
    await stopChild(bare.child);
    for (const e of endpoints) {
      for (const connections of CONNECTIONS) {
        const slot = results.get(`${e.name}|${connections}`)!;
        const b = medianFigures(slot.bare);
        const o = medianFigures(slot.ours);
        // Each round pairs the two servers back to back: the median of those pairs' ratios is
        // steadier on a shared machine than the ratio of the medians.
        const throughput = median(slot.ours.map((x, i) => x.rps / slot.bare[i].rps));
        const p99 = median(slot.ours.map((x, i) => x.p99 / slot.bare[i].p99));
        // The goals hold at 64 connections: each is printed with whether this run met it.
        const met = (ok: boolean) => (ok ? "met" : "NOT met");
        const targets =
          connections === 64
            ? ` (goal ≥ ${e.minRatio}×: ${met(throughput >= e.minRatio)}` +
              (e.maxP99Ratio ? `; p99 ≤ ${e.maxP99Ratio}× bare's: ${met(p99 <= e.maxP99Ratio)}` : "") +
              ")"
            : "";
        rows.push({ name: `bare ${e.name}`, connections, ...b });
        rows.push({
          name: `ours ${e.name}`,
          connections,
          ...o,
          extra: `throughput ${throughput.toFixed(2)}× bare, p99 ${p99.toFixed(2)}× bare's${targets}`,
        });
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Request path: ours vs bare node:http, same bodies", await benchRequestPath());
}
