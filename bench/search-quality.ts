/**
 * Search quality of the shared directory ranking on our evaluation set (tests/directory/search-eval,
 * EN and FR needs over the seeded directory): hit@3 per language, per area, on the held-out third
 * and on the tuning part, the safety-critical figure (a crisis service in the top three) and empty
 * answers, beside plain BM25 over name and description in the same run; the later sets with the
 * figure of their single blind run. Then the ranking's time per query over the same needs, on the
 * seed and on 10,000 generated services (what a phone ranks), in wall-clock and CPU time. Before
 * this work (commit 8f2b218), on this 2-core machine: 0.20 ms CPU per query on the seed, 1.5 ms on
 * 10,000 services.
 * Standalone: `npx tsx bench/search-quality.ts`.
 */
import { readSeedServices } from "../server/directory/seed/seed-directory.js";
import { type DirectoryService, rankServices } from "../shared/directory/index.js";
import { bm25Ranker } from "../tests/directory/search-eval/bm25.js";
import {
  ALL_NEEDS,
  LATER_SETS,
  percent,
  type Ranker,
  type Rate,
  runNeeds,
  type Summary,
  summarise,
} from "../tests/directory/search-eval/evaluate.js";
import { generateServices } from "./directory.js";
import { type BenchRow, percentiles, printTable } from "./lib.js";

const NOW = new Date("2026-05-04T15:00:00Z");

function qualityTable(ours: Summary, bm25: Summary, later: string[][]): void {
  const cell = (r: Rate) => `${percent(r)} (${r.hits}/${r.total})`;
  const rows: string[][] = [
    ["all needs, hit@3", cell(ours.all), cell(bm25.all)],
    ["English, hit@3", cell(ours.en), cell(bm25.en)],
    ["French, hit@3", cell(ours.fr), cell(bm25.fr)],
    ["tuning part (two thirds), hit@3", cell(ours.tuning), cell(bm25.tuning)],
    ["held-out third, hit@3", cell(ours.heldOut), cell(bm25.heldOut)],
    ["safety-critical: crisis service in top 3", cell(ours.critical), cell(bm25.critical)],
    ["needs answered with nothing", String(ours.empty), String(bm25.empty)],
  ];
  for (const [area, r] of ours.byArea) {
    const b = bm25.byArea.get(area);
    rows.push([
      `  ${area}: EN / FR`,
      `${percent(r.en)} / ${percent(r.fr)}`,
      b ? `${percent(b.en)} / ${percent(b.fr)}` : "",
    ]);
  }
  rows.push(...later);
  const header = ["measure", "shared ranking", "plain BM25 (reference)"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n### Directory search quality: ${ALL_NEEDS.length} needs (EN and FR), seeded directory\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

/** The later sets: today's figures, and the figure of their single blind run before they joined tuning. */
function laterRows(ours: Ranker, bm25: Ranker): string[][] {
  return LATER_SETS.flatMap((set) => {
    const o = summarise(runNeeds(set.needs, ours));
    const b = summarise(runNeeds(set.needs, bm25));
    const blind = `blind run ${(set.blindHitAt3 * 100).toFixed(1)}%, critical ${(set.blindCritical * 100).toFixed(1)}%`;
    return [
      [`${set.name}, hit@3 (${blind})`, `${percent(o.all)} (${o.all.hits}/${o.all.total})`, percent(b.all)],
      [`  its safety-critical needs, crisis in top 3`, percent(o.critical), percent(b.critical)],
    ];
  });
}

/** Wall-clock time per query, and the process's CPU time per query (steadier on a shared machine). */
function timeQueries(rank: (q: string) => unknown, rounds: number): { samples: number[]; cpuMs: number } {
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    for (const need of ALL_NEEDS) {
      const t = performance.now();
      rank(need.text);
      samples.push(performance.now() - t);
    }
  }
  const used = process.cpuUsage(cpu);
  return { samples, cpuMs: (used.user + used.system) / 1000 / samples.length };
}

function timingRow(name: string, timed: { samples: number[]; cpuMs: number }, extra: string): BenchRow {
  const p = percentiles(timed.samples);
  return {
    name,
    connections: 0,
    ...p,
    rps: 1000 / p.p50,
    extra: `${extra}; CPU ${timed.cpuMs.toFixed(3)} ms/query`,
  };
}

export async function benchSearchQuality(): Promise<BenchRow[]> {
  const seed = readSeedServices();
  const bm25 = bm25Ranker(seed);
  const ours = (q: string, locale: "en" | "fr") =>
    rankServices(seed, q, { locale, now: NOW }).results.map((r) => r.service);
  const reference: Ranker = (q) => bm25(q);
  const oursSummary = summarise(runNeeds(ALL_NEEDS, ours));
  const bm25Summary = summarise(runNeeds(ALL_NEEDS, reference));
  qualityTable(oursSummary, bm25Summary, laterRows(ours, reference));

  const large: DirectoryService[] = generateServices(10_000, NOW);
  rankServices(large, "warm up", { now: NOW });
  timeQueries((q) => rankServices(seed, q, { now: NOW, limit: 20 }), 1); // JIT warm-up
  timeQueries((q) => rankServices(large, q, { now: NOW, limit: 20 }), 1);
  return [
    timingRow(
      "rankServices per need, seed (196 services), top 20",
      timeQueries((q) => rankServices(seed, q, { now: NOW, limit: 20 }), 5),
      `${ALL_NEEDS.length} needs × 5`,
    ),
    timingRow(
      "rankServices per need, 10,000 services, top 20",
      timeQueries((q) => rankServices(large, q, { now: NOW, limit: 20 }), 2),
      `${ALL_NEEDS.length} needs × 2; index built beforehand`,
    ),
    timingRow("plain BM25 (MiniSearch) per need, seed", timeQueries(bm25, 5), "reference"),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Directory search: ranking time per query", await benchSearchQuality());
}
