/**
 * `npm run bench`: every benchmark, one table each. Figures are ms (p50/p95/p99) and
 * requests/s; each table states its reference or target beside the figure.
 * `npm run bench -- health store` runs only the named groups.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type BenchRow, GET_CLIENT, printTable, ROOT } from "./lib.js";

const groups: { name: string; file: string; exportName: string; title: string }[] = [
  {
    name: "health",
    file: "health.ts",
    exportName: "benchHealth",
    title: `Foundation: GET /api/health vs bare node:http (64 connections, 10 s; load by ${GET_CLIENT})`,
  },
  {
    name: "request-path",
    file: "request-path.ts",
    exportName: "benchRequestPath",
    title: `Request path: health and cached reads vs bare node:http, same bodies (8 and 64 connections; load by ${GET_CLIENT})`,
  },
  {
    name: "store",
    file: "store.ts",
    exportName: "benchStore",
    title: "Foundation: durable store (write ack latency, checkpoint pause)",
  },
  {
    name: "waittimes",
    file: "waittimes.ts",
    exportName: "benchWaittimes",
    title: "Wait-time observatory (large dataset)",
  },
  {
    name: "directory",
    file: "directory.ts",
    exportName: "benchDirectory",
    title: "Community directory (10,000 services)",
  },
  {
    name: "search-quality",
    file: "search-quality.ts",
    exportName: "benchSearchQuality",
    title: "Directory search: ranking time per query (evaluation needs)",
  },
  { name: "archive", file: "archive.ts", exportName: "benchArchive", title: "Web archive" },
  {
    name: "editions",
    file: "editions.ts",
    exportName: "benchEditions",
    title: "Annual editions: target ledger of 10,000 URLs (p50 of 3 runs)",
  },
  {
    name: "offline",
    file: "offline.ts",
    exportName: "benchOffline",
    title: "Web archive: offline editions (WACZ, ZIM)",
  },
  {
    name: "archive-search",
    file: "archive-search.ts",
    exportName: "benchArchiveSearch",
    title: "Archive search at 100,000 pages: FTS4 path and packed index",
  },
  {
    name: "postgres",
    file: "postgres.ts",
    exportName: "benchPostgres",
    title: "PostgreSQL (WORKERS=2) beside sql.js: same data, 8 connections, copy-to-postgres time",
  },
  {
    name: "pg-ingest",
    file: "postgres-ingest.ts",
    exportName: "benchPgIngest",
    title:
      "Archive pages into PostgreSQL: copy-to-postgres and indexing a crawled job (goal ≥ 1,000 pages/s each)",
  },
  {
    name: "pg-national",
    file: "postgres-national.ts",
    exportName: "benchPgNational",
    title:
      "Archive search on PostgreSQL at 1,000,000 pages (WORKERS=2, 8 connections; goals p95 ≤ 300 ms each mode, health p99 ≤ 20 ms, ≤ 400 MB a process)",
  },
  { name: "web", file: "web.ts", exportName: "benchWeb", title: "Web app in Chromium (10,000 services)" },
  {
    name: "lighthouse",
    file: "lighthouse.ts",
    exportName: "benchLighthouse",
    title: "Lighthouse 12.2 in Chromium: public pages at phone size, simulated slow 4G and 4× CPU",
  },
  {
    name: "web-charts",
    file: "web-charts.ts",
    exportName: "benchWebCharts",
    title: "Web app in Chromium: wait-time charts (1y trend render, target 100 ms)",
  },
];

const wanted = process.argv.slice(2);
for (const g of groups) {
  if (wanted.length && !wanted.includes(g.name)) continue;
  const file = path.join(ROOT, "bench", g.file);
  if (!existsSync(file)) continue;
  const mod = await import(file);
  // A group may add lines after its table (a comparison table of its own).
  const result = (await mod[g.exportName]()) as BenchRow[] | { rows: BenchRow[]; after?: string[] };
  printTable(g.title, Array.isArray(result) ? result : result.rows);
  if (!Array.isArray(result) && result.after) console.log(result.after.join("\n"));
}
