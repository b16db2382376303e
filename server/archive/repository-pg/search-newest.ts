/**
 * "Newest" (an empty query) with the default filters (2xx, no duplicates, nothing else), without
 * grouping every capture: the pages view reads `search_pages` (revision 10 keeps each page's latest
 * listed capture there) in capture order from its index, and counts its rows; the snapshots view
 * reads the search rows in capture order from theirs. Other filters go through search-sql.ts.
 */
import type pg from "pg";
import type { SearchParams } from "../search/search-types.js";
import { type PageRows, Params, pageRows, toPage } from "./search-sql.js";

export async function newestPage(client: pg.ClientBase, p: SearchParams): Promise<PageRows> {
  const args = new Params();
  const limit = args.add(p.pageSize);
  const offset = args.add((p.page - 1) * p.pageSize);
  const listed = "f.status_code BETWEEN 200 AND 299 AND f.is_duplicate = 0";
  const sql =
    p.view === "pages"
      ? `SELECT t.total, r.id, r.g, r.ts, 0::float8 AS score
           FROM (SELECT count(*) AS total FROM search_pages WHERE listed_id IS NOT NULL) t
         LEFT JOIN LATERAL (SELECT listed_id AS id, g, listed_ts AS ts FROM search_pages WHERE listed_id IS NOT NULL
           ORDER BY listed_ts DESC, listed_id DESC LIMIT ${limit} OFFSET ${offset}) r ON TRUE`
      : `SELECT t.total, r.id, sp.g, r.ts, 0::float8 AS score
           FROM (SELECT count(*) AS total FROM snapshots_fts f WHERE ${listed}) t
         LEFT JOIN LATERAL (SELECT f.id, f.page_id, f.ts FROM snapshots_fts f WHERE ${listed}
           ORDER BY f.ts DESC, f.id DESC LIMIT ${limit} OFFSET ${offset}) r ON TRUE
         LEFT JOIN search_pages sp ON sp.id = r.page_id`;
  return toPage(await pageRows(client, sql, args.values));
}
