/**
 * Web archive ingest benchmarks: crawl throughput (pages/s, 4 workers, generated local site on
 * loopback), index throughput (snapshots/s), WARC bytes per page, and resident memory while
 * indexing a large generated job (ARCHIVE_BENCH_PAGES, default 100,000 pages written straight
 * to WARC with the crawler's writer). Pages are built from the demo site's EN/FR public-health
 * sentences, ~300 words each. Standalone: `npx tsx bench/archive.ts`.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runCrawl } from "../server/archive/crawler.js";
import { moreTopics } from "../server/archive/demo-site/more-topics.js";
import { serveSite } from "../server/archive/demo-site/server.js";
import { topics } from "../server/archive/demo-site/topics.js";
import { archiveModule } from "../server/archive/index.js";
import { indexJob } from "../server/archive/indexer.js";
import { createJob } from "../server/archive/jobs-store.js";
import { WarcWriter } from "../server/archive/warc-writer.js";
import { createStore } from "../server/db/store.js";
import { parseJobConfig } from "../shared/archive/job-config.js";
import { type BenchRow, load, printTable, startChild, stopChild } from "./lib.js";

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
  let seed = i * 2654435761;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
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
  try {
    // 1. Crawl a generated local site with 4 workers.
    const files = new Map<string, { type: string; body: string }>();
    for (let i = 0; i < crawlPages; i++) {
      const links = [1, 2, 3].map((k) => `/s/p${(i * 3 + k) % crawlPages}.html`);
      files.set(`/s/p${i}.html`, { type: "text/html; charset=utf-8", body: generatedPage(i, links) });
    }
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

    // 2. Large job: write N generated pages to WARC, then index them while sampling RSS.
    const bigDir = path.join(dir, "big");
    const bigStore = await openStore(bigDir);
    const big = await createJob(
      bigStore,
      bigDir,
      { sourceCode: "demo", name: "bench-large", config: parsed.config },
      new Date().toISOString(),
    );
    const { mkdirSync } = await import("node:fs");
    mkdirSync(big.output_dir, { recursive: true });
    const writer = new WarcWriter(big.output_dir, "large", 1);
    t = performance.now();
    const enc = new TextEncoder();
    for (let i = 0; i < largePages; i++) {
      await writer.append({
        url: `http://bench.example/s/p${i}.html`,
        date: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        method: "GET",
        requestHeaders: {},
        status: 200,
        statusText: "OK",
        responseHeaders: [["Content-Type", "text/html; charset=utf-8"]],
        body: enc.encode(generatedPage(i, [])),
      });
    }
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

    // 3. Read API over the large job, served by the real server in a child process.
    if (process.env.ARCHIVE_BENCH_API !== "0") rows.push(...(await benchReadApi(bigDir, largePages)));
    // 4. /api/health while the server's own worker crawls and indexes a job and checkpoints.
    if (process.env.ARCHIVE_BENCH_API !== "0") rows.push(await benchHealthDuringIngest(bigDir, files));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const TARGETS: Record<string, string> = {
  search: "spec p50 500 / p95 2000 ms; goal p95 ≤ 100 ms at 8 conns",
  snapshot: "spec p95 300 ms; goal ≤ 20 ms at 8 conns",
  sources: "spec p95 300 ms; goal ≤ 20 ms at 8 conns",
  changes: "spec p95 500 ms; goal ≤ 20 ms at 8 conns",
};

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
    const h = await (await fetch(`${url}/api/health?details=1`)).json();
    const j = h.jobs as Record<string, number>;
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

/** p50/p95/p99 and req/s of the read API at 1, 8 and 32 connections (real server, child process). */
async function benchReadApi(dataDir: string, pages: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const server = await startChild(
    ["--import", "tsx", "server/cli.ts", "serve"],
    {
      PORT: "0",
      REPLAY_PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      SCHEDULER: "0",
      LOG_LEVEL: "info",
      RATE_LIMIT_PER_MINUTE: "100000000",
    },
    /"listening"/,
  );
  const url = JSON.parse(server.line).url as string;
  const endpoints: [string, string, string[]][] = [
    [
      "search relevance_fts",
      "search",
      [
        "/api/search?q=vaccination",
        "/api/search?q=influenza+vaccine",
        "/api/search?q=grippe",
        "/api/search?q=sante+mentale",
      ],
    ],
    [
      "search boolean",
      "search",
      ["/api/search?q=measles%20OR%20rougeole", "/api/search?q=title%3Apage%20NOT%20tick"],
    ],
    ["search url", "search", ["/api/search?q=http%3A%2F%2Fbench.example%2Fs%2Fp1"]],
    ["search fuzzy", "search", ["/api/search?q=vacinnation"]],
    ["search newest", "search", ["/api/search", "/api/search?page=50"]],
    [
      "snapshot",
      "snapshot",
      ["/api/snapshot/1", `/api/snapshot/${Math.floor(pages / 2)}`, `/api/snapshot/${pages}`],
    ],
    ["sources", "sources", ["/api/sources"]],
    ["changes", "changes", ["/api/changes"]],
  ];
  try {
    for (const [name, kind, paths] of endpoints) {
      for (const connections of [1, 8, 32]) {
        const r = await load({
          url,
          connections,
          durationSeconds: Number(process.env.ARCHIVE_BENCH_SECONDS ?? 5),
          requests: paths.map((p) => ({ method: "GET", path: p })),
        });
        const bad = r.errors + r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx; ` : "";
        rows.push({
          name: `GET ${name}`,
          connections,
          p50: r.p50,
          p95: r.p95,
          p99: r.p99,
          rps: r.rps,
          extra: `${bad}${TARGETS[kind]}`,
        });
      }
    }
    const health = await (await fetch(`${url}/api/health?details=1`)).json();
    const { readFileSync } = await import("node:fs");
    const vmRss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1];
    rows.push({
      name: "server resident memory after the read load",
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      extra: `${vmRss ? Math.round(Number(vmRss) / 1024) : "?"} MB`,
    });
    rows.push({
      name: "read API server",
      p50: Number.NaN,
      p95: Number.NaN,
      p99: Number.NaN,
      extra: `archive store ${JSON.stringify(health.details?.stores?.archive ?? {})}`,
    });
  } finally {
    await stopChild(server.child);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchArchive();
  printTable("Web archive ingest", rows);
}
