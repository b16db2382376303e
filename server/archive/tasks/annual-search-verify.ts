/**
 * Annual search verification: once the year's editions are all search-ready and no artifacts
 * exist for the year, writes `<DATA_DIR>/archive/annual/<year>/` with annual-status.json,
 * annual-status.txt, meta.txt and, per golden query, `<query>.pages.json` and
 * `<query>.snapshots.json`. Otherwise it does nothing (and succeeds): idempotent, once a year.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { foldAccents } from "../../../shared/text/fold.js";
import { asArchiveRepository } from "../repository-of.js";
import { searchParams } from "../search/search-types.js";
import { GOLDEN_QUERIES } from "./golden-queries.js";
import type { TaskContext, TaskResult } from "./task-context.js";

export const annualDir = (dataDir: string, year: number) =>
  path.join(dataDir, "archive", "annual", String(year));
const fileSafe = (q: string) =>
  foldAccents(q)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export async function annualSearchVerify(
  ctx: TaskContext,
  year = new Date(ctx.now()).getUTCFullYear(),
): Promise<TaskResult> {
  const dir = annualDir(ctx.dataDir, year);
  if (existsSync(path.join(dir, "annual-status.json")))
    return { ok: true, summary: `artifacts for ${year} already exist; nothing to do` };
  const repo = asArchiveRepository(ctx.store);
  const editions = await repo.editionsOfYear(year);
  if (!editions.length || editions.some((e) => e.search_ready !== 1))
    return { ok: true, summary: `the ${year} campaign is not search-ready; nothing to do` };
  mkdirSync(dir, { recursive: true });
  const queries: { query: string; file: string; pages: number; snapshots: number; mode: string }[] = [];
  for (const q of GOLDEN_QUERIES) {
    const base = searchParams(q, { from: `${year}-01-01`, to: `${year}-12-31` });
    const file = fileSafe(q);
    // Which path answered (index or FTS4) is not part of the result: both answer alike.
    const { answeredBy: _p, ...pages } = await repo.searchSnapshots(base);
    const { answeredBy: _s, ...snaps } = await repo.searchSnapshots({ ...base, view: "snapshots" });
    writeFileSync(
      path.join(dir, `${file}.pages.json`),
      `${JSON.stringify({ query: q, ...pages }, null, 1)}\n`,
    );
    writeFileSync(
      path.join(dir, `${file}.snapshots.json`),
      `${JSON.stringify({ query: q, ...snaps }, null, 1)}\n`,
    );
    queries.push({ query: q, file, pages: pages.total, snapshots: snaps.total, mode: pages.mode });
  }
  const status = { year, generatedAt: ctx.now(), editions, queries };
  writeFileSync(
    path.join(dir, "meta.txt"),
    `year=${year}\ngenerated_at=${status.generatedAt}\nqueries=${queries.length}\neditions=${editions.map((e) => e.code).join(",")}\n`,
  );
  writeFileSync(
    path.join(dir, "annual-status.txt"),
    `${editions.map((e) => `${e.code} ${e.status} captured=${e.captured_url_count}`).join("\n")}\n${queries.map((q) => `${q.query}: ${q.pages} pages, ${q.snapshots} snapshots (${q.mode})`).join("\n")}\n`,
  );
  // Written last: its presence marks the year as done.
  writeFileSync(path.join(dir, "annual-status.json"), `${JSON.stringify(status, null, 2)}\n`);
  return { ok: true, summary: `wrote ${queries.length} golden query captures for ${year}` };
}
