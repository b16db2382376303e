/**
 * Web archive ingest benchmarks: crawl throughput (pages/s, 4 workers, generated local site on
 * loopback), index throughput (snapshots/s), WARC bytes per page, and resident memory while
 * indexing a large generated job (ARCHIVE_BENCH_PAGES, default 100,000 pages written straight
 * to WARC with the crawler's writer). Pages are built from the demo site's EN/FR public-health
 * sentences, ~300 words each. Standalone: `npx tsx bench/archive.ts`.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runCrawl } from "../server/archive/crawl/crawler.js";
import { moreTopics } from "../server/archive/crawl/demo-site/more-topics.js";
import { serveSite } from "../server/archive/crawl/demo-site/server.js";
import { topics } from "../server/archive/crawl/demo-site/topics.js";
import { type CapturedExchange, WarcWriter } from "../server/archive/crawl/warc-writer.js";
import { indexJob } from "../server/archive/index/indexer.js";
import { archiveModule } from "../server/archive/index.js";
import { createJob } from "../server/archive/jobs/jobs-store.js";
import { createStore } from "../server/db/store.js";
import { seededRandom } from "../server/waittimes/demo-model.js";
import { parseJobConfig } from "../shared/archive/job-config.js";
import { benchReadApi } from "./archive-read.js";
import { type BenchRow, healthDetails, load, printTable, startChild, stopChild } from "./lib.js";

const sentences = [...topics, ...moreTopics].flatMap((t) =>
  (["en", "fr"] as const).map((lang) => ({
    lang,
    list: [
      t[lang].summary,
      t[lang].advice,
      ...t[lang].prevention,
      ...t[lang].signs.map((s) => `${t[lang].name}: ${s}.`),
    ],
  })),
);

/** A deterministic ~300-word page from real EN or FR public-health sentences. */
function generatedPage(i: number, links: string[]): string {
  // 32-bit arithmetic throughout: the old linear generator multiplied past 2^53, so its draws lost
  // their low bits and a million pages held about a thousand distinct bodies.
  const rnd = seededRandom(Math.imul(i, 2654435761));
  const pool = sentences.filter((s) => s.lang === (i % 2 ? "fr" : "en")).flatMap((s) => s.list);
  const paras: string[] = [];
  let words = 0;
  while (words < 300) {
    const s = pool[Math.floor(rnd() * pool.length)];
    paras.push(`<p>${s} (${i}-${paras.length})</p>`);
    words += s.split(/\s+/).length + 1;
  }
  return `<!doctype html><html lang="${i % 2 ? "fr" : "en"}"><head><title>Page ${i}: ${pool[i % pool.length].slice(0, 60)}</title></head><body><main><h1>Page ${i}</h1>${paras.join("\n")}${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</main></body></html>`;
}

/**
 * Where a bench keeps a generated archive between runs. The folder's name carries the
 * generator's version, so a kept archive of pages generated differently is never reused.
 */
export const keptArchiveDir = (kind: string, pages: number) =>
  path.join(os.tmpdir(), `chc-bench-${kind}-v2-${pages}`);

const encoder = new TextEncoder();

/**
 * Capture i of a generated crawl of `pages` captures: two captures of each URL, half the sequence
 * apart (so the pages view groups), a second apart in time.
 */
export function generatedCapture(i: number, pages: number): CapturedExchange {
  return {
    url: `http://bench.example/s/p${i % Math.ceil(pages / 2)}.html`,
    date: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    method: "GET",
    requestHeaders: {},
    status: 200,
    statusText: "OK",
    responseHeaders: [["Content-Type", "text/html; charset=utf-8"]],
    body: encoder.encode(generatedPage(i, [])),
  };
}

const rss = () => process.memoryUsage().rss / 1024 / 1024;

async function openStore(dir: string) {
  return createStore({ dataDir: dir, name: "archive", migrations: archiveModule.migrations });
}

export async function benchArchive(
  largePages = Number(process.env.ARCHIVE_BENCH_PAGES ?? 100_000),
  crawlPages = 1000,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-archive-"));
  // ARCHIVE_BENCH_DB_DIR keeps the large generated database between runs (indexing it takes
  // minutes); when it already holds one, the ingest steps are skipped and only the read side runs.
  const keptDir = process.env.ARCHIVE_BENCH_DB_DIR;
  const bigDir = keptDir ? path.resolve(keptDir) : path.join(dir, "big");
  const files = new Map<string, { type: string; body: string }>();
  for (let i = 0; i < crawlPages; i++) {
    const links = [1, 2, 3].map((k) => `/s/p${(i * 3 + k) % crawlPages}.html`);
    files.set(`/s/p${i}.html`, { type: "text/html; charset=utf-8", body: generatedPage(i, links) });
  }
  try {
    if (!keptDir || !existsSync(path.join(bigDir, "archive.sqlite")))
      rows.push(...(await benchIngest(dir, bigDir, files, largePages, crawlPages)));
    // 3. Read API over the large job, served by the real server in a child process.
    if (process.env.ARCHIVE_BENCH_API !== "0") {
      // ARCHIVE_BENCH_COMPARE_FTS=1 first measures the FTS4-only path (the state before the
      // in-memory index) on the same database.
      if (process.env.ARCHIVE_BENCH_COMPARE_FTS === "1")
        rows.push(
          ...(await benchReadApi(bigDir, largePages, "[FTS4 only] ", { ARCHIVE_SEARCH_MEMORY_INDEX: "0" })),
        );
      rows.push(...(await benchReadApi(bigDir, largePages)));
    }
    // 4. /api/health while the server's own worker crawls and indexes a job and checkpoints
    // (on a copy when the database is kept, so reruns read the same data).
    if (process.env.ARCHIVE_BENCH_API !== "0") {
      const ingestDir = keptDir ? path.join(dir, "during") : bigDir;
      if (keptDir) {
        mkdirSync(ingestDir, { recursive: true });
        copyFileSync(path.join(bigDir, "archive.sqlite"), path.join(ingestDir, "archive.sqlite"));
      }
      rows.push(await benchHealthDuringIngest(ingestDir, files));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Crawl and index throughput, then the large generated job indexed into `bigDir`. */
async function benchIngest(
  dir: string,
  bigDir: string,
  files: Map<string, { type: string; body: string }>,
  largePages: number,
  crawlPages: number,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  {
    // 1. Crawl a generated local site with 4 workers.
    const site = await serveSite(files);
    const store = await openStore(dir);
    const parsed = parseJobConfig({
      seeds: [`${site.url}/s/p0.html`],
      tool_options: { initial_workers: 4 },
      scope: { allow_private: true, delay_ms: 0, max_pages: crawlPages },
    });
    if (!parsed.ok) throw new Error(parsed.message);
    const job = await createJob(
      store,
      dir,
      { sourceCode: "demo", name: "bench-crawl", config: parsed.config },
      new Date().toISOString(),
    );
    let t = performance.now();
    const crawl = await runCrawl({ jobDir: job.output_dir, warcPrefix: "bench", config: parsed.config });
    const crawlSec = (performance.now() - t) / 1000;
    await site.close();
    const warcBytes = readdirSync(job.output_dir)
      .filter((f) => f.endsWith(".warc.gz"))
      .reduce((n, f) => n + statSync(path.join(job.output_dir, f)).size, 0);
    const bodyBytes = [...files.values()].reduce((n, f) => n + Buffer.byteLength(f.body), 0);
    rows.push({
      name: "crawl throughput (4 workers, loopback)",
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      rps: crawl.stats.pagesCrawled / crawlSec,
      extra: `${crawl.stats.pagesCrawled} pages in ${crawlSec.toFixed(1)} s (req/s column = pages/s)`,
    });
    rows.push({
      name: "WARC bytes per page (gzip, response + request)",
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      extra: `${Math.round(warcBytes / crawl.stats.pagesCrawled)} B/page; HTML body ${Math.round(bodyBytes / crawlPages)} B/page`,
    });

    t = performance.now();
    const small = await indexJob(store, job, () => new Date().toISOString());
    const idxSec = (performance.now() - t) / 1000;
    rows.push({
      name: "index throughput (crawled job)",
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      rps: small.snapshots / idxSec,
      extra: `${small.snapshots} snapshots in ${idxSec.toFixed(1)} s (req/s column = snapshots/s)`,
    });
    await store.close();
  }
  rows.push(...(await writeLargeJob(bigDir, largePages)));
  return rows;
}

/** 2. Large job: write N generated pages to WARC, then index them while sampling RSS. */
async function writeLargeJob(bigDir: string, largePages: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const parsed = parseJobConfig({
    seeds: ["http://bench.example/s/p0.html"],
    scope: { allow_private: true },
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const bigStore = await openStore(bigDir);
  const big = await createJob(
    bigStore,
    bigDir,
    { sourceCode: "demo", name: "bench-large", config: parsed.config },
    new Date().toISOString(),
  );
  mkdirSync(big.output_dir, { recursive: true });
  const writer = new WarcWriter(big.output_dir, "large", 1);
  let t = performance.now();
  for (let i = 0; i < largePages; i++) await writer.append(generatedCapture(i, largePages));
  writer.close();
  const writeSec = (performance.now() - t) / 1000;
  const rssBefore = rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 200);
  t = performance.now();
  const res = await indexJob(bigStore, big, () => new Date().toISOString());
  const bigSec = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  t = performance.now();
  await bigStore.checkpoint();
  const ckSec = (performance.now() - t) / 1000;
  const dbMb = statSync(path.join(bigDir, "archive.sqlite")).size / 1024 / 1024;
  await bigStore.close();
  rows.push({
    name: `index ${largePages.toLocaleString("en")} generated pages`,
    p50: Number.NaN,
    p95: Number.NaN,
    p99: Number.NaN,
    rps: res.snapshots / bigSec,
    extra: `${bigSec.toFixed(0)} s; WARC written at ${(largePages / writeSec).toFixed(0)} pages/s`,
  });
  rows.push({
    name: "resident memory while indexing",
    p50: Number.NaN,
    p95: Number.NaN,
    p99: Number.NaN,
    extra: `peak RSS ${peak.toFixed(0)} MB (before ${rssBefore.toFixed(0)} MB); database ${dbMb.toFixed(0)} MB, checkpoint ${ckSec.toFixed(1)} s`,
  });
  return rows;
}

/**
 * The large generated archive in `dir` (written and indexed when missing, which takes minutes;
 * search benchmarks keep it under the temp folder between runs).
 */
export async function ensureLargeArchive(dir: string, pages: number): Promise<void> {
  if (existsSync(path.join(dir, "archive.sqlite"))) return;
  mkdirSync(dir, { recursive: true });
  printTable("Web archive: generated data for the search benchmark", await writeLargeJob(dir, pages));
}

/** /api/health latency (8 connections) while the in-process worker crawls, indexes and the store checkpoints. */
async function benchHealthDuringIngest(
  dataDir: string,
  files: Map<string, { type: string; body: string }>,
): Promise<BenchRow> {
  const site = await serveSite(files);
  const store = await openStore(dataDir);
  const parsed = parseJobConfig({
    seeds: [`${site.url}/s/p0.html`],
    tool_options: { initial_workers: 4 },
    scope: { allow_private: true, delay_ms: 0 },
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const job = await createJob(
    store,
    dataDir,
    { sourceCode: "demo", name: "bench-during", config: parsed.config },
    new Date().toISOString(),
  );
  await store.close();
  const server = await startChild(
    ["--import", "tsx", "server/cli.ts", "serve"],
    {
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "1",
      CHECKPOINT_INTERVAL_MS: "5000",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "100000000",
    },
    /"listening"/,
  );
  const url = JSON.parse(server.line).url as string;
  try {
    const r = await load({
      url: `${url}/api/health`,
      connections: 8,
      durationSeconds: Number(process.env.ARCHIVE_BENCH_INGEST_SECONDS ?? 30),
    });
    const h = await healthDetails<{
      jobs: Record<string, number>;
      details?: { stores?: { archive?: { lastCheckpointAt?: string } } };
    }>(url);
    const j = h.jobs;
    return {
      name: "GET /api/health during crawl + index + checkpoint",
      connections: 8,
      ...r,
      extra: `spec p99 200 ms; job ${job.id} ended the window ${Object.entries(j)
        .map(([k, v]) => `${k}:${v}`)
        .join(" ")}; last checkpoint ${h.details?.stores?.archive?.lastCheckpointAt ?? "none"}`,
    };
  } finally {
    await stopChild(server.child);
    await site.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchArchive();
  printTable("Web archive ingest", rows);
}
