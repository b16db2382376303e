/**
 * Archive search at scale, the FTS4 path and the packed index side by side in one run, over the
 * large generated archive (ARCHIVE_BENCH_PAGES, default 100,000 pages; written once and kept in
 * ARCHIVE_BENCH_DB_DIR, default <tmp>/chc-bench-archive-v2-<pages>): start-up to searchable, index
 * memory (and again on a restart that reads the saved index), p50/p95/p99 of every search mode (quoted phrases included) at 8 connections with queries
 * that never hit the result cache, and /api/health p99 while 8 connections search.
 * Each engine gets a fresh copy of the database. `npx tsx bench/archive-search.ts` or
 * `npm run bench -- archive-search`; ARCHIVE_BENCH_SECONDS sets each load's length (default 5;
 * ARCHIVE_BENCH_FTS_SECONDS for FTS4, default 15), ARCHIVE_BENCH_ENGINES which run (fts4,index).
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureLargeArchive, keptArchiveDir } from "./archive.js";
import { distinct, queryMix, untilIndexReady, vmRss } from "./archive-read.js";
import { type BenchRow, load, printTable, startChild, stopChild } from "./lib.js";

const CONNECTIONS = 8;
const GOAL = "goal p95 ≤ 60 ms at 8 conns";
const none = { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN };

export async function benchArchiveSearch(
  pages = Number(process.env.ARCHIVE_BENCH_PAGES ?? 100_000),
): Promise<BenchRow[]> {
  const source = path.resolve(process.env.ARCHIVE_BENCH_DB_DIR ?? keptArchiveDir("archive", pages));
  await ensureLargeArchive(source, pages);
  const rows: BenchRow[] = [];
  // ARCHIVE_BENCH_ENGINES=index measures the index alone (to compare with another checkout).
  const engines = (process.env.ARCHIVE_BENCH_ENGINES ?? "fts4,index").split(",");
  // FTS4 answers take seconds: a longer window gets enough of them.
  const ftsSeconds = Number(process.env.ARCHIVE_BENCH_FTS_SECONDS ?? 15);
  if (engines.includes("fts4"))
    rows.push(
      ...(await benchEngine(source, pages, "FTS4", { ARCHIVE_SEARCH_MEMORY_INDEX: "0" }, ftsSeconds)),
    );
  if (engines.includes("index"))
    rows.push(...(await benchEngine(source, pages, "index", { ARCHIVE_SEARCH_MEMORY_INDEX: "1" })));
  return rows;
}

async function benchEngine(
  source: string,
  pages: number,
  label: string,
  env: Record<string, string>,
  seconds = Number(process.env.ARCHIVE_BENCH_SECONDS ?? 5),
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-search-"));
  copyFileSync(path.join(source, "archive.sqlite"), path.join(dir, "archive.sqlite"));
  let { server, url, pid, listening, t0 } = await startServer(dir, env);
  try {
    const index = await untilIndexReady(url);
    const ready = performance.now();
    rows.push({
      name: `[${label}] start-up to searchable`,
      ...none,
      extra: `listening ${((listening - t0) / 1000).toFixed(1)} s after spawn; index ready ${((ready - listening) / 1000).toFixed(1)} s later (goal ≤ 5 s); ${index}`,
    });
    rows.push({
      name: `[${label}] server RSS once searchable`,
      ...none,
      extra: `${vmRss(pid).toFixed(0)} MB`,
    });
    const mix = queryMix(pages);
    for (const [name, paths] of Object.entries(mix)) {
      const r = await load({
        url,
        connections: CONNECTIONS,
        durationSeconds: seconds,
        requests: distinct(paths),
      });
      rows.push({ name: `[${label}] GET ${name}`, connections: CONNECTIONS, ...r, extra: note(r, GOAL) });
    }
    // Every mode at once on 8 connections, while one more connection asks for /api/health.
    const all = Object.values(mix).flat();
    const [search, health] = await Promise.all([
      load({ url, connections: CONNECTIONS, durationSeconds: seconds, requests: distinct(all) }),
      load({ url: `${url}/api/health`, connections: 1, durationSeconds: seconds }),
    ]);
    rows.push({
      name: `[${label}] GET /api/search, every mode mixed`,
      connections: CONNECTIONS,
      ...search,
      extra: note(search, GOAL),
    });
    rows.push({
      name: `[${label}] GET /api/health while 8 connections search`,
      connections: 1,
      ...health,
      extra: note(health, "goal p99 ≤ 20 ms"),
    });
    rows.push({
      name: `[${label}] server RSS after the load`,
      ...none,
      extra: `${vmRss(pid).toFixed(0)} MB; ${await untilIndexReady(url)}`,
    });
    if (label === "index") {
      // A restart over the same folder reads the index the build saved beside the database.
      await untilSaved(url);
      await stopChild(server.child);
      ({ server, url, pid, listening, t0 } = await startServer(dir, env));
      const index = await untilIndexReady(url);
      rows.push({
        name: `[${label}] restart: start-up to searchable`,
        ...none,
        extra: `listening ${((listening - t0) / 1000).toFixed(1)} s after spawn; index ready ${((performance.now() - listening) / 1000).toFixed(1)} s later (goal ≤ 5 s); ${index}`,
      });
      rows.push({
        name: `[${label}] restart: server RSS once searchable`,
        ...none,
        extra: `${vmRss(pid).toFixed(0)} MB`,
      });
    }
  } finally {
    await stopChild(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

async function startServer(dir: string, env: Record<string, string>) {
  const t0 = performance.now();
  const server = await startChild(
    // ARCHIVE_BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
    [
      ...(process.env.ARCHIVE_BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
      "--import",
      "tsx",
      "server/cli.ts",
      "serve",
    ],
    {
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ...env,
    },
    /"listening"/,
  );
  const listening = performance.now();
  const url = JSON.parse(server.line).url as string;
  return { server, url, pid: server.child.pid as number, listening, t0 };
}

/** Waits until the index's file holds every snapshot the index does (at most a minute). */
async function untilSaved(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const s = JSON.parse(await untilIndexReady(url)) as { documents?: number; fileUpTo?: number | null };
    if (!s.documents || s.fileUpTo === s.documents) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function note(r: { errors: number; non2xx: number }, goal: string): string {
  return `${r.errors + r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx; ` : ""}${goal}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Archive search: FTS4 path and packed index", await benchArchiveSearch());
}
