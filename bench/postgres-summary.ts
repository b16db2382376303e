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
  const runs = relevance?.runsP95 ?? [p95];
  const met = runs.every((x) => !Number.isNaN(x) && x <= FRESH_RELEVANCE_GOAL_MS);
  const each = relevance?.runsP95 ? ` (each run: ${runs.map(ms).join(", ")} ms)` : "";
  const verdict = Number.isNaN(p95)
    ? `relevance on the fresh copy: no answer measured, misses p95 ≤ ${FRESH_RELEVANCE_GOAL_MS} ms`
    : `relevance on the fresh copy: p95 ${ms(p95)} ms${each}, ${met ? "meets" : "misses"} p95 ≤ ${FRESH_RELEVANCE_GOAL_MS} ms${relevance?.runsP95 ? (met ? " in every run" : " in at least one run") : ""}`;
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
