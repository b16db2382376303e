/**
 * The request path (issue #18 §1): our server (child process, all modules, demo data) against a
 * bare node:http server answering the very same bytes, at 8 and 64 connections, for
 * `/api/health` and the cached reads `/api/hospitals`, `/api/sources`, `/api/v1/services/{id}`.
 * Each pair is measured back to back (bare, then ours) so machine noise hits both alike.
 * Goals at 64 connections (issue #30 §1): health ≥ 0.6× bare's throughput with p99 ≤ 2× bare's;
 * cached reads ≥ 0.4× bare's throughput. Each row at 64 connections prints its ratios, the goal
 * and whether this run met it.
 * Bare sends two headers; ours sends about fifteen (security headers, CORS, rate limit, request id,
 * ETag), which the goals keep. So at 64 connections two more references answer the same bytes with
 * our very headers: node:http alone, and a Hono app with no middleware on @hono/node-server. Ours
 * against them shows what the headers cost, what the framework costs, and what is our own code.
 * The load comes from wrk when it is installed (`apt-get install wrk`; lib.ts, loadGet says why),
 * else from autocannon; the table's title names which. BENCH_CLIENT=autocannon asks for autocannon.
 * Standalone: `npx tsx bench/request-path.ts`. BENCH_SECONDS sets each run's length (default 5);
 * BENCH_ROUNDS repeats the whole set and prints the median of each figure and of each round's
 * ratios (default 1).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  type BenchRow,
  GET_CLIENT,
  loadGet,
  printTable,
  startChild,
  startServerChild,
  stopChild,
} from "./lib.js";

interface Endpoint {
  name: string;
  path: string;
  /** Minimum throughput against bare at 64 connections. */
  minRatio: number;
  /** Maximum p99 against bare's at 64 connections, when the issue sets one. */
  maxP99Ratio?: number;
}

/** The goals, and the same-headers references, hold at this many connections. */
const GOAL_CONNECTIONS = 64;
const CONNECTIONS = [8, GOAL_CONNECTIONS];
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

/** Headers node:http writes itself (or that change each time), left out of the references' records. */
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * Our answer to a request like the load's (node:http, no Accept-Encoding): its body text and its
 * header record, both read off the one answer.
 */
function answerOf(url: string): Promise<{ body: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`${url} answered ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        let body = "";
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (!NODE_OWN_HEADERS.has(name) && typeof value === "string") headers[name] = value;
        res.on("end", () => resolve({ body, headers }));
      })
      .on("error", reject);
  });
}

/** Our answers, fetched once: the references send exactly these bytes. */
async function endpointsOf(url: string): Promise<{
  endpoints: Endpoint[];
  bodies: Record<string, string>;
  headers: Record<string, Record<string, string>>;
}> {
  const list = await (await fetch(`${url}/api/v1/services?limit=1`)).json();
  const serviceId = list.data[0].id as string;
  const endpoints: Endpoint[] = [
    { name: "/api/health", path: "/api/health", minRatio: 0.6, maxP99Ratio: 2 },
    { name: "/api/hospitals", path: "/api/hospitals", minRatio: 0.4 },
    { name: "/api/sources", path: "/api/sources", minRatio: 0.4 },
    { name: "/api/v1/services/{id}", path: `/api/v1/services/${serviceId}`, minRatio: 0.4 },
  ];
  const bodies: Record<string, string> = {};
  const headers: Record<string, Record<string, string>> = {};
  for (const e of endpoints) {
    const answer = await answerOf(`${url}${e.path}`);
    bodies[e.path] = answer.body;
    headers[e.path] = answer.headers;
  }
  return { endpoints, bodies, headers };
}

/** The references measured at 64 connections beside bare, each answering with our headers. */
const SAME_HEADERS = [
  { key: "nodeSame", kind: "node", label: "node:http, our headers" },
  { key: "honoSame", kind: "hono", label: "Hono alone, our headers" },
] as const;

export async function benchRequestPath(
  durationSeconds = Number(process.env.BENCH_SECONDS ?? 5),
  rounds = Number(process.env.BENCH_ROUNDS ?? 1),
): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-request-path-"));
  const bodiesFile = path.join(dataDir, "bare-bodies.json");
  const headersFile = path.join(dataDir, "our-headers.json");
  const rows: BenchRow[] = [];
  try {
    const ours = await startServerChild(path.join(dataDir, "data"), {
      DEMO_DATA: "1",
      ARCHIVE_DEMO_CRAWL: "0",
    });
    const { endpoints, bodies, headers } = await endpointsOf(ours.url);
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    writeFileSync(headersFile, JSON.stringify(headers));
    const urlOf = (child: { line: string }) => child.line.match(/http:\/\/\S+/)![0];
    const bare = await startChild(["bench/bare-health.mjs", bodiesFile], {}, /listening on/);
    const bareUrl = urlOf(bare);
    const references = [];
    for (const r of SAME_HEADERS) {
      const started = await startChild(
        ["bench/bare-health.mjs", bodiesFile, headersFile, r.kind],
        {},
        /listening on/,
      );
      references.push({ ...r, child: started.child, url: urlOf(started) });
    }
    type Slot = { bare: Figures[]; ours: Figures[]; nodeSame: Figures[]; honoSame: Figures[] };
    const results = new Map<string, Slot>();
    for (const e of endpoints) {
      for (const base of [bareUrl, ours.url, ...references.map((r) => r.url)])
        await loadGet({ url: `${base}${e.path}`, connections: 16, durationSeconds: 1 });
    }
    for (let round = 0; round < rounds; round++) {
      for (const e of endpoints) {
        for (const connections of CONNECTIONS) {
          const key = `${e.name}|${connections}`;
          const slot = results.get(key) ?? { bare: [], ours: [], nodeSame: [], honoSame: [] };
          results.set(key, slot);
          slot.bare.push(await loadGet({ url: `${bareUrl}${e.path}`, connections, durationSeconds }));
          const o = await loadGet({ url: `${ours.url}${e.path}`, connections, durationSeconds });
          if (o.non2xx || o.errors) throw new Error(`${e.path}: ${o.non2xx} non-2xx, ${o.errors} errors`);
          slot.ours.push(o);
          if (connections !== GOAL_CONNECTIONS) continue;
          for (const r of references) {
            const f = await loadGet({ url: `${r.url}${e.path}`, connections, durationSeconds });
            if (f.non2xx || f.errors)
              throw new Error(`${r.label} ${e.path}: ${f.non2xx} non-2xx, ${f.errors} errors`);
            slot[r.key].push(f);
          }
        }
      }
    }
    await stopChild(ours.child);
    await stopChild(bare.child);
    for (const r of references) await stopChild(r.child);
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
          connections === GOAL_CONNECTIONS
            ? ` (goal ≥ ${e.minRatio}×: ${met(throughput >= e.minRatio)}` +
              (e.maxP99Ratio ? `; p99 ≤ ${e.maxP99Ratio}× bare's: ${met(p99 <= e.maxP99Ratio)}` : "") +
              ")"
            : "";
        rows.push({ name: `bare ${e.name}`, connections, ...b });
        // Ours against each same-headers reference, paired round by round like the bare ratio.
        const beside: string[] = [];
        for (const r of references) {
          const runs = slot[r.key];
          if (!runs.length) continue;
          rows.push({ name: `${r.label} ${e.name}`, connections, ...medianFigures(runs) });
          const ratio = median(slot.ours.map((x, i) => x.rps / runs[i].rps));
          beside.push(`${ratio.toFixed(2)}× ${r.label}`);
        }
        rows.push({
          name: `ours ${e.name}`,
          connections,
          ...o,
          extra:
            `throughput ${throughput.toFixed(2)}× bare, p99 ${p99.toFixed(2)}× bare's${targets}` +
            (beside.length ? `; ${beside.join(", ")}` : ""),
        });
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(
    `Request path: ours vs bare node:http, same bodies (and, at 64 connections, same headers); load by ${GET_CLIENT}`,
    await benchRequestPath(),
  );
}
