/**
 * Durable store benchmark (`npm run bench -- store`, or `npx tsx bench/store.ts`):
 *  (a) acknowledged latency of single-row writes (journal append + fdatasync), 1000 in a row;
 *      target p95 < 10 ms;
 *  (b) the longest pause a checkpoint of a ~400 MB database causes to HTTP requests served by a
 *      node:http JSON health handler in the same process; target < 100 ms.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { loadSqlJs } from "../server/db/journal-codec.mjs";
import { createStore, type DurableStore } from "../server/db/store.js";
import type { StoreLogger } from "../server/db/types.js";
import { type BenchRow, percentiles } from "./lib.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const round = (n: number) => Math.round(n * 100) / 100;

async function benchWrites(dir: string, count: number): Promise<BenchRow> {
  const store = await createStore({ dataDir: dir, name: "writes", logger: quiet });
  await store.write((tx) =>
    tx.run("CREATE TABLE item (id INTEGER PRIMARY KEY, k TEXT NOT NULL, v TEXT NOT NULL)"),
  );
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await store.write((tx) =>
      tx.run("INSERT INTO item (k, v) VALUES (?, ?)", [`key-${i}`, "a modest value of some length"]),
    );
    samples.push(performance.now() - t0);
  }
  await store.close();
  const p = percentiles(samples);
  return {
    name: `write ack, 1 row (${count} sequential)`,
    p50: round(p.p50),
    p95: round(p.p95),
    p99: round(p.p99),
    extra: `max ${round(Math.max(...samples))} ms; target p95 < 10 ms`,
  };
}

/** Writes a database file of about `mb` MB directly (setup, not measured). */
async function buildLargeDatabase(file: string, mb: number): Promise<void> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec("PRAGMA page_size=4096; CREATE TABLE blob (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
  db.exec("CREATE TABLE _store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${mb})
           INSERT INTO blob (body) SELECT zeroblob(1048576) FROM n`);
  const bytes = db.export();
  db.close();
  fs.writeFileSync(file, bytes);
}

/** Health-style JSON requests, `lanes` at a time over keep-alive, until `stop()` resolves. */
async function requestLoop(port: number, lanes: number, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: lanes });
  const samples: number[] = [];
  let done = false;
  until.finally(() => {
    done = true;
  });
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get({ host: "127.0.0.1", port, path: "/api/health", agent }, (res) => {
          res.resume();
          res.on("end", () => {
            samples.push(performance.now() - t0);
            resolve();
          });
        })
        .on("error", reject);
    });
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (!done) await one();
    }),
  );
  agent.destroy();
  return samples;
}

/** One small write every 10 ms until `until` settles: writes keep flowing during a checkpoint. */
async function writeLoop(store: DurableStore, until: Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  until.finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await store.write((tx) => tx.run("INSERT INTO blob (body) VALUES (?)", [new Uint8Array(100)]));
    samples.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  return samples;
}

async function benchCheckpointPause(dir: string, mb: number): Promise<BenchRow[]> {
  const t0 = performance.now();
  await buildLargeDatabase(path.join(dir, "big.sqlite"), mb);
  const buildS = (performance.now() - t0) / 1000;
  const store: DurableStore = await createStore({ dataDir: dir, name: "big", logger: quiet });
  const sizeMb = fs.statSync(store.file).size / 1024 / 1024;
  // Something for the checkpoint to fold in: a few transactions in the journal.
  for (let i = 0; i < 20; i++)
    await store.write((tx) => tx.run("INSERT INTO blob (body) VALUES (?)", [new Uint8Array(1000)]));

  const server = http.createServer((_req, res) => {
    const body = JSON.stringify({ status: store.check() ? "ok" : "degraded", checks: { db: "ok" } });
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;

  const idle = await requestLoop(port, 4, new Promise((r) => setTimeout(r, 3000)));
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  const c0 = performance.now();
  const checkpoint = store.checkpoint();
  const [during, writes] = await Promise.all([
    requestLoop(port, 4, checkpoint),
    writeLoop(store, checkpoint),
  ]);
  await checkpoint;
  const ckptS = (performance.now() - c0) / 1000;
  eld.disable();
  server.close();
  await store.close();

  const pi = percentiles(idle);
  const pd = percentiles(during);
  const pw = percentiles(writes);
  const maxPause = Math.max(...during);
  return [
    {
      name: "GET health JSON, no checkpoint (4 lanes)",
      p50: round(pi.p50),
      p95: round(pi.p95),
      p99: round(pi.p99),
      extra: `max ${round(Math.max(...idle))} ms; ${idle.length} requests`,
    },
    {
      name: `GET health JSON during checkpoint of ${Math.round(sizeMb)} MB`,
      p50: round(pd.p50),
      p95: round(pd.p95),
      p99: round(pd.p99),
      extra:
        `longest request ${round(maxPause)} ms (target < 100 ms); event-loop delay max ${round(eld.max / 1e6)} ms; ` +
        `${during.length} requests; checkpoint ${ckptS.toFixed(1)} s; build ${buildS.toFixed(1)} s`,
    },
    {
      name: "write ack during that checkpoint (1 row every 10 ms)",
      p50: round(pw.p50),
      p95: round(pw.p95),
      p99: round(pw.p99),
      extra: `max ${round(Math.max(...writes))} ms; ${writes.length} writes`,
    },
  ];
}

export async function benchStore(opts: { writes?: number; mb?: number } = {}): Promise<{ rows: BenchRow[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-bench-store-"));
  try {
    const rows = [await benchWrites(dir, opts.writes ?? 1000)];
    rows.push(...(await benchCheckpointPause(dir, opts.mb ?? 400)));
    return { rows };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows } = await benchStore();
  for (const r of rows)
    console.log(
      `${r.name}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms${r.extra ? ` — ${r.extra}` : ""}`,
    );
}
