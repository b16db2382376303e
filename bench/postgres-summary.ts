/**
 * The archive search figures of `npm run bench -- postgres` side by side: on the fresh copy (right
 * after `copy-to-postgres`, before any manual maintenance) and after a manual VACUUM ANALYZE, per
 * search mode, as issue 33 compares them; with the relevance goal on the fresh copy.
 */
import type { BenchRow } from "./lib.js";

/** The search modes measured, and the query mix of bench/archive-read.ts each one draws from. */
export const ARCHIVE_MODES = {
  relevance: "search relevance_fts (EN/FR words and pairs)",
  fuzzy: "search relevance_fuzzy (typos)",
  phrase: "search quoted phrases",
};

/** Relevance p95 on a fresh copy of 100,000 pages, in ms. */
export const FRESH_RELEVANCE_GOAL_MS = 200;

/** Whether every run of a series met a p95 goal (a run with no answer in its window misses it). */
export const everyRunMeets = (p95s: number[], goal: number) =>
  p95s.every((x) => !Number.isNaN(x) && x <= goal);

const ms = (n: number) => (Number.isNaN(n) ? "none" : Math.round(n).toLocaleString("en"));

function figures(rows: BenchRow[], mode: string): BenchRow | undefined {
  return rows.find((r) => r.name.endsWith(`] GET /api/search ${mode}`));
}

const cell = (r: BenchRow | undefined) => (r ? `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)}` : "not measured");

/** Markdown lines: a heading, the table, and whether relevance met its goal on the fresh copy. */
export function searchSummary(fresh: BenchRow[], vacuumed: BenchRow[], vacuumSeconds: number): string[] {
  const modes = Object.keys(ARCHIVE_MODES);
  const line = (label: string, rows: BenchRow[]) =>
    `| ${label} | ${modes.map((m) => cell(figures(rows, m))).join(" | ")} |`;
  const relevance = figures(fresh, "relevance");
  const p95 = relevance?.p95 ?? Number.NaN;
  // The goal holds in every run of the series, not only for the median the table shows.
  const runs = relevance?.runsP95;
  const met = everyRunMeets(runs ?? [p95], FRESH_RELEVANCE_GOAL_MS);
  const goal = `p95 ≤ ${FRESH_RELEVANCE_GOAL_MS} ms`;
  const judged = !runs
    ? `${met ? "meets" : "misses"} ${goal}`
    : `(each run: ${runs.map(ms).join(", ")} ms), ${met ? `meets ${goal} in every run` : `misses ${goal} in at least one run`}`;
  const verdict = Number.isNaN(p95)
    ? `relevance on the fresh copy: no answer measured, misses ${goal}`
    : `relevance on the fresh copy: p95 ${ms(p95)} ms${runs ? " " : ", "}${judged}`;
  return [
    "",
    "### Archive search on PostgreSQL: fresh copy and after a manual VACUUM ANALYZE",
    "",
    `| archive search on PostgreSQL, p50 / p95 / p99 ms | ${modes.join(" | ")} |`,
    `| --- | ${modes.map(() => "---").join(" | ")} |`,
    line("fresh copy (right after copy-to-postgres)", fresh),
    line(`after a manual \`VACUUM ANALYZE\` (${vacuumSeconds.toFixed(1)} s)`, vacuumed),
    "",
    verdict,
  ];
}
