/**
 * "Newest" (an empty query) without grouping every capture. The pages view with the default
 * filters (2xx, no duplicates, nothing else) reads `search_pages` (revision 10 keeps each page's
 * latest listed capture there) in capture order from its index; the snapshots view reads the
 * search rows in capture order from theirs, with any filters. The total is a count, or, above
 * EXACT_TOTAL_UP_TO, the planner's estimate (`estimated`): counting half a million pages took a
 * tenth of a second, and a million captures more. The pages view with other filters (a
 * language, a source, dates) walks the newest captures those filters keep and lists each page at
 * its first (latest) one, when the result is large enough to be estimated and the walk reaches
 * the requested page; otherwise (null) search-sql.ts groups every capture.
 */
import type pg from "pg";
import type { SearchParams } from "../search/search-types.js";
import {
  defaultFilters,
  filters,
  type PageRows,
  Params,
  pageRows,
  pagesPerCapture,
  plannedRows,
  toPage,
} from "./search-sql.js";

/** Captures the pages view walks, newest first, for the pages of one answer under other filters. */
const PAGES_WALK = 5_000;

export async function newestPage(
  client: pg.ClientBase,
  p: SearchParams,
  exactUpTo: number,
): Promise<PageRows | null> {
  const byPages = p.view === "pages" && defaultFilters(p);
  const counting = new Params();
  const kept = `TRUE${filters(p, counting, "f")}`;
  const counted = byPages
    ? "SELECT 1 FROM search_pages WHERE listed_id IS NOT NULL"
    : `SELECT 1 FROM snapshots_fts f WHERE ${kept}`;
  let estimate = await plannedRows(client, counted, counting.values);
  if (p.view === "pages" && !byPages) estimate *= await pagesPerCapture(client);
  const estimated = estimate > exactUpTo;
  if (p.view === "pages" && !byPages && !estimated) return null;
  const args = new Params();
  const cond = `TRUE${filters(p, args, "f")}`;
  const total = estimated
    ? `SELECT ${args.add(Number(Math.round(estimate).toPrecision(2)))}::bigint AS total`
    : `SELECT count(*) AS total FROM (${byPages ? counted : `SELECT 1 FROM snapshots_fts f WHERE ${cond}`}) c`;
  const limit = args.add(p.pageSize);
  const offset = args.add((p.page - 1) * p.pageSize);
  if (byPages) {
    const page = await pageRows(
      client,
      `SELECT t.total, r.id, r.g, r.ts, 0::float8 AS score FROM (${total}) t
       LEFT JOIN LATERAL (SELECT listed_id AS id, g, listed_ts AS ts FROM search_pages WHERE listed_id IS NOT NULL
         ORDER BY listed_ts DESC, listed_id DESC LIMIT ${limit} OFFSET ${offset}) r ON TRUE
       ORDER BY r.ts DESC, r.id DESC`,
      args.values,
    );
    return { ...toPage(page), estimated };
  }
  if (p.view === "snapshots") {
    const page = await pageRows(
      client,
      `SELECT t.total, r.id, sp.g, r.ts, 0::float8 AS score FROM (${total}) t
       LEFT JOIN LATERAL (SELECT f.id, f.page_id, f.ts FROM snapshots_fts f WHERE ${cond}
         ORDER BY f.ts DESC, f.id DESC LIMIT ${limit} OFFSET ${offset}) r ON TRUE
       LEFT JOIN search_pages sp ON sp.id = r.page_id
       ORDER BY r.ts DESC, r.id DESC`,
      args.values,
    );
    return { ...toPage(page), estimated };
  }
  // A page's latest capture under the filters is the first of its captures the walk meets; the
  // pages it lists are the first ones in the complete order, except any whose latest capture
  // shares the last walked time (its other captures at that time may lie past the walk, and the
  // complete order takes the lowest id of a tie), so those are left out.
  const rows = await pageRows<{
    total: number;
    listed: number;
    id: number | null;
    g: string;
    ts: string;
    score: number;
  }>(
    client,
    `WITH walk AS MATERIALIZED (SELECT f.id, f.page_id AS g, f.ts FROM snapshots_fts f WHERE ${cond}
         ORDER BY f.ts DESC, f.id DESC LIMIT ${PAGES_WALK}),
       cut AS (SELECT count(*) = ${PAGES_WALK} AS full, min(ts) AS low FROM walk),
       firsts AS (SELECT DISTINCT ON (w.g) w.id, w.g, w.ts FROM walk w, cut
         WHERE NOT (cut.full AND w.ts = cut.low) ORDER BY w.g, w.ts DESC, w.id)
     SELECT t.total, (SELECT count(*) FROM firsts) AS listed, r.id, sp.g, r.ts, 0::float8 AS score FROM (${total}) t
     LEFT JOIN LATERAL (SELECT id, g, ts FROM firsts ORDER BY ts DESC, id DESC LIMIT ${limit} OFFSET ${offset}) r ON TRUE
     LEFT JOIN search_pages sp ON sp.id = r.g
     -- The join may come out in another order.
     ORDER BY r.ts DESC, r.id DESC`,
    args.values,
  );
  if ((rows[0]?.listed ?? 0) < p.page * p.pageSize) return null;
  return { ...toPage(rows), estimated };
}
