/**
 * Annual editions: how long the target ledger of a 10,000-URL edition takes to build. A synthetic
 * bilingual site on loopback publishes its pages in a sitemap index of two gzipped sitemaps
 * (5,000 pages per language, each with its hreflang twin). Measured, 3 runs each, p50 reported:
 * - the ledger alone: robots.txt, the sitemaps fetched and parsed, merged, sharded (500 URLs per
 *   shard) and written durably as target-ledger.jsonl;
 * - planning the whole edition: the same plus the edition row and its shard jobs in the store.
 * Standalone: `npx tsx bench/editions.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { getSourceByCode, setSourceBaseUrl } from "../server/archive/crawl/sources-store.js";
import { writeJsonLines } from "../server/archive/editions/ledger.js";
import { gatherLedger, planEdition } from "../server/archive/editions/plan.js";
import { archiveModule } from "../server/archive/index.js";
import { createStore } from "../server/db/store.js";
import { type BenchRow, percentiles, printTable } from "./lib.js";

const PER_LANGUAGE = 5_000;
const RUNS = 3;

function sitemapOf(origin: string, lang: "en" | "fr"): Buffer {
  const other = lang === "en" ? "fr" : "en";
  const urls: string[] = [];
  for (let i = 0; i < PER_LANGUAGE; i++) {
    const p = `/section-${i % 20}/topic-${Math.floor(i / 20) % 25}/page-${i}.html`;
    urls.push(
      `<url><loc>${origin}/${lang}${p}</loc><lastmod>2026-01-05</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="${lang}-CA" href="${origin}/${lang}${p}"/>` +
        `<xhtml:link rel="alternate" hreflang="${other}-CA" href="${origin}/${other}${p}"/></url>`,
    );
  }
  return gzipSync(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("\n")}</urlset>`,
  );
}

async function serveSyntheticSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const files = new Map<string, { type: string; body: Buffer }>();
  const server = http.createServer((req, res) => {
    const f = files.get(new URL(req.url ?? "/", "http://x").pathname);
    res.writeHead(f ? 200 : 404, { "Content-Type": f?.type ?? "text/plain" });
    res.end(f?.body ?? "not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  files.set("/robots.txt", {
    type: "text/plain",
    body: Buffer.from(`User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemap-index.xml\n`),
  });
  files.set("/sitemap-index.xml", {
    type: "application/xml",
    body: Buffer.from(
      `<sitemapindex><sitemap><loc>${origin}/sitemap-en.xml.gz</loc></sitemap><sitemap><loc>${origin}/sitemap-fr.xml.gz</loc></sitemap></sitemapindex>`,
    ),
  });
  files.set("/sitemap-en.xml.gz", { type: "application/gzip", body: sitemapOf(origin, "en") });
  files.set("/sitemap-fr.xml.gz", { type: "application/gzip", body: sitemapOf(origin, "fr") });
  return {
    origin,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function benchEditions(): Promise<BenchRow[]> {
  const site = await serveSyntheticSite();
  const dir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-editions-"));
  const store = await createStore({ dataDir: dir, name: "archive", migrations: archiveModule.migrations });
  try {
    await setSourceBaseUrl(store, "demo", `${site.origin}/en/`, new Date().toISOString());
    let urls = 0;
    let shards = 0;
    const ledger: number[] = [];
    for (let i = 0; i < RUNS; i++)
      ledger.push(
        await timed(async () => {
          const { lines } = await gatherLedger([`${site.origin}/en/`], [], {
            allowPrivate: true,
            maxShardUrls: 500,
          });
          writeJsonLines(path.join(dir, `ledger-${i}.jsonl`), lines);
          urls = lines.filter((l) => l.included).length;
          shards = new Set(lines.filter((l) => l.included).map((l) => l.shard_key)).size;
        }),
      );
    const source = getSourceByCode(store, "demo")!;
    const plan: number[] = [];
    for (let i = 0; i < RUNS; i++)
      plan.push(
        await timed(() =>
          planEdition(
            { store, dataDir: dir, shardMaxUrls: 500, now: new Date().toISOString() },
            source,
            2001 + i,
          ),
        ),
      );
    const row = (name: string, samples: number[], extra: string): BenchRow => {
      const p = percentiles(samples);
      return { name, p50: p.p50, p95: Math.max(...samples), p99: Math.max(...samples), extra };
    };
    return [
      row(
        `target ledger, ${urls.toLocaleString("en")} URLs (sitemaps, merge, shards, write)`,
        ledger,
        `p50 of ${RUNS} runs (max in p95/p99); ${shards} shards of at most 500`,
      ),
      row("plan an edition (ledger + edition row + shard jobs)", plan, `p50 of ${RUNS} runs`),
    ];
  } finally {
    await store.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Annual editions: target ledger of 10,000 URLs", await benchEditions());
}
