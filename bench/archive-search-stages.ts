/**
 * Where a quoted phrase's time goes, stage by stage, over the large generated archive (built by
 * bench/archive-search.ts): in the search worker, the phrase's documents and hit counts from word
 * positions, their BM25 scores, then filtering, grouping and the page's top-k; on the main thread,
 * the page's capture counts and result rows read from sql.js and the snippets highlighted. Each
 * query runs twice and the second run is timed (CPU time of this thread, which a busy machine
 * disturbs less than the clock). `npx tsx bench/archive-search-stages.ts`.
 */
import path from "node:path";
import { snapshotCards } from "../server/archive/repository-sqljs/captures.js";
import { pageCaptureCounts } from "../server/archive/repository-sqljs/fts-search.js";
import { highlight } from "../server/archive/search/highlight.js";
import { pageOf } from "../server/archive/search/index-page.js";
import { matchQuery } from "../server/archive/search/index-query.js";
import { phraseHits } from "../server/archive/search/packed/phrase.js";
import { queryTokens } from "../server/archive/search/query-parse.js";
import { keptArchiveDir } from "./archive.js";
import { queryMix } from "./archive-read.js";
import { buildIndexFrom } from "./archive-search-cpu.js";

const pages = Number(process.env.ARCHIVE_BENCH_PAGES ?? 100_000);
const dir = process.env.ARCHIVE_BENCH_DB_DIR ?? keptArchiveDir("archive", pages);
const STAGES = ["phrase hits", "scores", "page", "capture counts", "result rows", "highlight"] as const;
const filter = {
  sourceId: null,
  fromMs: null,
  toMs: null,
  language: null,
  includeNon2xx: false,
  includeDuplicates: false,
};
const cpuMs = () => process.cpuUsage().user / 1000;
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

const { ix, db } = await buildIndexFrom(path.join(dir, "archive.sqlite"));
const phrases = queryMix(pages)
  ["search quoted phrases"].map((p) => queryTokens(new URL(p, "http://x").searchParams.get("q") ?? ""))
  .filter((words) => words.length > 1);
const times = new Map<string, number[]>(STAGES.map((s) => [s, []]));
const totals: number[] = [];
for (let round = 0; round < 2; round++)
  for (const [i, words] of phrases.entries()) {
    const pageSize = 10 + (i % 90);
    const at = [cpuMs()];
    const hits = phraseHits(ix, words, -1);
    at.push(cpuMs());
    const m = matchQuery(ix, [[{ hits }]]);
    at.push(cpuMs());
    const page = pageOf(ix.docs, m.docs, m.count, m.score, filter, {
      view: "pages",
      byScore: true,
      page: 1,
      pageSize,
    });
    at.push(cpuMs());
    pageCaptureCounts(
      db,
      [...new Set(page.docs.map((d) => ix.docs.groupNames[ix.docs.groupOf[d]]))],
      ix.docs.maxId,
    );
    at.push(cpuMs());
    const rows = snapshotCards(db, page.docs);
    at.push(cpuMs());
    for (const r of rows) highlight(r.snippet ?? "", words, false);
    at.push(cpuMs());
    if (!round) continue;
    STAGES.forEach((s, k) => {
      times.get(s)?.push(at[k + 1] - at[k]);
    });
    totals.push(at[at.length - 1] - at[0]);
  }
console.log(`quoted phrases: ${totals.length} queries, CPU ms per query (this thread)`);
for (const [name, xs] of [...times, ["total", totals] as const]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const sum = xs.reduce((a, b) => a + b, 0);
  console.log(
    `${name.padEnd(16)} mean ${(sum / xs.length).toFixed(2).padStart(6)}  p50 ${pct(sorted, 50).toFixed(2).padStart(6)}  p95 ${pct(sorted, 95).toFixed(2).padStart(6)}  max ${sorted[sorted.length - 1].toFixed(2).padStart(6)}`,
  );
}
