/**
 * Offline editions: an annual edition of 10,000 small pages (OFFLINE_BENCH_PAGES; four shard jobs
 * whose WARCs are written locally by the crawler's WarcWriter and indexed by the real indexer)
 * downloaded as a WACZ from the real server in a child process: time, throughput and the server's
 * peak resident memory above its idle level (target ≤ 100 MB), medians of 3 runs; then one ZIM
 * build of the same edition with zimwriterfs when it is installed. Standalone: `npx tsx bench/offline.ts`.
 */
import type { ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { archiveModule } from "../server/archive/index.js";
import { findOnPath } from "../server/db/find-on-path.js";
import { createStore } from "../server/db/store.js";
import { seedEdition } from "../tests/helpers/archive/edition-fixture.js";
import { type BenchRow, printTable, startChild, stopChild } from "./lib.js";

const run = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;

/** Downloads `url` once, counting bytes, while sampling the server's resident memory. */
async function download(url: string, pid: number): Promise<{ ms: number; bytes: number; peakMb: number }> {
  let peakMb = rssMb(pid);
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 20);
  const t0 = performance.now();
  try {
    const res = await fetch(url);
    if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.byteLength;
    if (bytes !== Number(res.headers.get("content-length"))) throw new Error("short package");
    return { ms: performance.now() - t0, bytes, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchOffline(
  pages = Number(process.env.OFFLINE_BENCH_PAGES ?? 10_000),
): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-offline-"));
  let child: ChildProcess | null = null;
  try {
    const store = await createStore({ dataDir: dir, name: "archive", migrations: archiveModule.migrations });
    let t = performance.now();
    const shards = 4;
    const { editionId } = await seedEdition(store, dir, {
      year: 2026,
      shards,
      pages: Math.ceil(pages / shards),
      padding: 8,
    });
    const seedSec = (performance.now() - t) / 1000;
    await store.close();

    // The in-memory search index is off so that "idle" is not a moving target while it builds.
    const started = await startChild(
      ["--import", "tsx", "server/cli.ts", "serve"],
      {
        PORT: "0",
        REPLAY_PORT: "0",
        DATA_DIR: dir,
        DEMO_DATA: "0",
        LOG_LEVEL: "info",
        SCHEDULER: "0",
        ARCHIVE_SEARCH_MEMORY_INDEX: "0",
      },
      /"listening"/,
    );
    child = started.child;
    const url = `${JSON.parse(started.line).url}/api/exports/editions/${editionId}.wacz`;
    const pid = child.pid as number;
    await download(url, pid); // warm-up: modules loaded, first allocation done
    await new Promise((r) => setTimeout(r, 2000));
    const idleMb = rssMb(pid);
    const runs: { ms: number; bytes: number; peakMb: number }[] = [];
    for (let i = 0; i < 3; i++) runs.push(await download(url, pid));
    const ms = median(runs.map((r) => r.ms));
    const mbPerSec = median(runs.map((r) => r.bytes / 1e6 / (r.ms / 1000)));
    const aboveIdle = median(runs.map((r) => r.peakMb - idleMb));
    const rows: BenchRow[] = [
      {
        name: `WACZ export over HTTP, edition of ${pages.toLocaleString("en")} pages`,
        p50: ms,
        p95: Number.NaN,
        p99: Number.NaN,
        extra:
          `median of 3: ${(runs[0].bytes / 1e6).toFixed(1)} MB at ${mbPerSec.toFixed(0)} MB/s; ` +
          `server peak RSS ${aboveIdle.toFixed(1)} MB above idle ${idleMb.toFixed(0)} MB (target ≤ 100 MB); ` +
          `runs ${runs.map((r) => r.ms.toFixed(0)).join("/")} ms; edition written and indexed in ${seedSec.toFixed(0)} s`,
      },
    ];
    await stopChild(child);
    child = null;

    const zimwriterfs = findOnPath("zimwriterfs");
    if (zimwriterfs) {
      t = performance.now();
      await run(
        process.execPath,
        ["--import", "tsx", "server/cli.ts", "archive", "export-zim", "--edition", String(editionId)],
        { env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "silent" }, maxBuffer: 1 << 20 },
      );
      rows.push({
        name: `ZIM export (zimwriterfs, full-text index), same edition`,
        p50: performance.now() - t,
        p95: Number.NaN,
        p99: Number.NaN,
        extra: "one run, CLI process start included",
      });
    }
    return rows;
  } finally {
    if (child) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Offline editions (WACZ, ZIM)", await benchOffline());
}
