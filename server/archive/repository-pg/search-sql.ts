/**
 * The complete statement of one search page: every match with the request's filters, its score
 * (search-ranked.ts scores the candidates, the rest 0), grouped into pages when asked (a page
 * shows its latest matching capture with the best score of its captures), sorted, counted and cut
 * to the requested page, as ../search/search.ts does. search.ts tries the shortcuts of
 * search-ranked.ts and search-newest.ts first; this statement answers what they cannot
 * (newest first over a query's matches, deep pages, URL queries, uncommon filters).
 */

import type pg from "pg";
import { captureRange } from "../../../shared/archive/query-rules.js";
import type { Hit, SearchParams } from "../search/search-types.js";
import type { MatchQuery } from "./search-tsquery.js";

/** Numbered parameters collected while the statement is written. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * What selects the snapshots: matches of a tsquery (ranked through `rank`: given the tsquery's
 * parameter, CTEs over the matches `m` ending with the scored candidates `c`), a plain condition
 * on `snapshots s`, or every snapshot.
 */
export type Selection = (MatchQuery & { rank?: (q: string) => string }) | { where: string } | { all: true };

/** The request's filters over the search rows `f` (snapshots_fts, revision 10) or `snapshots s`. */
export function filters(p: SearchParams, args: Params, alias: "f" | "s"): string {
  const ts = alias === "f" ? "f.ts" : `s.capture_timestamp COLLATE "C"`;
  const parts: string[] = [];
  if (p.source)
    parts.push(`${alias}.source_id = (SELECT id FROM sources WHERE code = ${args.add(p.source)})`);
  const { fromAt, toAt } = captureRange(p);
  if (fromAt) parts.push(`${ts} >= ${args.add(fromAt)}`);
  if (toAt) parts.push(`${ts} <= ${args.add(toAt)}`);
  if (p.language) parts.push(`${alias}.language = ${args.add(p.language)}`);
  if (!p.includeNon2xx) parts.push(`${alias}.status_code BETWEEN 200 AND 299`);
  if (!p.includeDuplicates) parts.push(`${alias}.is_duplicate = 0`);
  return parts.map((x) => ` AND ${x}`).join("");
}

/** Whether only the default filters apply (2xx, no duplicates, nothing else). */
export const defaultFilters = (p: SearchParams) =>
  !p.source && !p.from && !p.to && !p.language && !p.includeNon2xx && !p.includeDuplicates;

export const EN = "'archive.english_unaccent'::regconfig";
export const FR = "'archive.french_unaccent'::regconfig";
export const EXACT = "'archive.simple_unaccent'::regconfig";

/** Whether the search row `f` matches the tsquery text in parameter `q` (either language; reads its vectors). */
export const wordsMatch = (q: string) =>
  `(f.fts_en @@ to_tsquery(${EN}, ${q}) OR f.fts_fr @@ to_tsquery(${FR}, ${q}))`;

/**
 * `match` for the search row `f`, tried first on its words as written (MatchQuery.exact): their
 * vector is in the row of search_rank_vectors, read in place, where each stemmed vector is read
 * back from TOAST; a capture holding the query as written is taken without reading those. For
 * captures that mostly match (the proposed ones and their pages' newer captures), not for a walk
 * or a sample, where most would be tested twice. CASE keeps the order of the two tests (an OR's
 * may be reordered by their estimated costs), and the words' check is computed once a statement.
 * A query its pairs decide (`pairsDecide`) is answered by the words as written alone: a capture
 * holds its phrases as written exactly when it holds their pairs, which are listed from that
 * vector, and stopwords do not matter there ("des vetements"), as no stemmed vector is read.
 */
export function exactFirst(match: string, args: Params, query: MatchQuery): string {
  // A plain OR of words tests none of its proposed captures (search-ranked.ts nearOfProposed), only
  // their pages' newer ones; trying those on the words as written cost one-word searches 8% more
  // of PostgreSQL's CPU on a warm cache, for no gain.
  if (!query.exact || query.anyWord) return match;
  const words = args.add(query.exact.words);
  const oneLexeme = (config: string) => `length(to_tsvector(${config}, w)) = 1`;
  const configs = query.pairsDecide ? [EXACT] : [EN, FR, EXACT];
  const decides = `(SELECT COALESCE(bool_and(${configs.map(oneLexeme).join(" AND ")}), FALSE)
      FROM unnest(${words}::text[]) w)`;
  const held = `EXISTS (SELECT 1 FROM search_rank_vectors v
      WHERE v.id = f.id AND v.fts_exact @@ to_tsquery(${EXACT}, ${args.add(query.exact.query)}))`;
  return query.pairsDecide
    ? `CASE WHEN ${decides} THEN ${held} ELSE ${match} END`
    : `CASE WHEN ${decides} AND ${held} THEN TRUE ELSE ${match} END`;
}

/**
 * `match`, or exactFirst's test where it answers the same (a query its pairs decide): for captures
 * that mostly do not match, as a sample's, which would otherwise read each one's pairs back from TOAST.
 */
export const exactWhereSame = (match: string, args: Params, query: MatchQuery): string =>
  query.pairsDecide ? exactFirst(match, args, query) : match;

/**
 * The matches of a tsquery (parameter `q`) with the filters: `(id, g, ts)`, g the page's id.
 * `pairs` (search-tsquery.ts pairsQuery) narrows a phrase query to the pages holding its word
 * pairs, and decides it alone when `pairsDecide`.
 */
export function matchesSql(
  q: string,
  p: SearchParams,
  args: Params,
  query: Omit<MatchQuery, "tsquery">,
): string {
  return `SELECT f.id, f.page_id AS g, f.ts FROM snapshots_fts f WHERE ${matchSql(q, args, query)}${filters(p, args, "f")}`;
}

/**
 * Whether the title words of search row `f` match the tsquery text in parameter `t` (either
 * language): the expressions of revision 18's indexes, written as those indexes are.
 */
export const titlesMatch = (t: string) =>
  `(ts_filter(f.fts_en, '{a}') @@ to_tsquery(${EN}, ${t}) OR ts_filter(f.fts_fr, '{a}') @@ to_tsquery(${FR}, ${t}))`;

/**
 * The parameter of a query's tsquery for matchSql alone, or NULL when matchSql does not test the
 * page's words (a parameter no expression reads has no type, and PostgreSQL refuses it).
 */
export const matchParam = (query: MatchQuery, args: Params) =>
  query.pairsDecide || query.titlesDecide ? "NULL" : args.add(query.tsquery);

/**
 * Whether the search row `f` matches the query: its words, the pairs of its phrases and the
 * words of its title, each tested only when needed (pairsDecide, titlesDecide).
 */
export function matchSql(q: string, args: Params, query: Omit<MatchQuery, "tsquery">): string {
  const tests = [
    query.pairsDecide || query.titlesDecide ? null : wordsMatch(q),
    query.pairs ? `f.fts_pairs @@ ${args.add(query.pairs)}::tsquery` : null,
    query.titles ? titlesMatch(args.add(query.titles)) : null,
  ].filter((x) => x !== null);
  return tests.length > 1 ? `(${tests.join(" AND ")})` : tests[0];
}

/**
 * How many pages a plain OR of words (MatchQuery.anyWord) finds under the default filters: the
 * pages whose listed captures' word union matches (search_page_words, revision 11), counted from
 * its GIN indexes without reading a capture.
 */
export const anyWordPagesSql = (q: string) => `SELECT count(*) AS total FROM ${anyWordPagesFrom(q)}`;

/** The pages whose word union matches a plain OR of words (parameter `q`). */
export const anyWordPagesFrom = (q: string) =>
  `search_page_words w WHERE w.words_en @@ to_tsquery(${EN}, ${q}) OR w.words_fr @@ to_tsquery(${FR}, ${q})`;

function hitsSql(sel: Selection, p: SearchParams, args: Params): string {
  if ("tsquery" in sel) {
    // Unranked (newest first), the tsquery is read only where matchSql tests the page's words.
    if (!sel.rank)
      return `WITH m AS MATERIALIZED (${matchesSql(matchParam(sel, args), p, args, sel)}) SELECT id, g, ts, 0::float8 AS score FROM m`;
    const q = args.add(sel.tsquery);
    const matched = `m AS MATERIALIZED (${matchesSql(q, p, args, sel)})`;
    return `WITH ${matched}, ${sel.rank(q)}
      SELECT m.id, m.g, m.ts, COALESCE(c.score, 0) AS score FROM m LEFT JOIN c ON c.id = m.id`;
  }
  if ("where" in sel)
    return `SELECT s.id, COALESCE(s.normalized_url_group, s.url) AS g, s.capture_timestamp COLLATE "C" AS ts,
      0::float8 AS score FROM snapshots s WHERE ${sel.where}${filters(p, args, "s")}`;
  return `SELECT f.id, f.page_id AS g, f.ts, 0::float8 AS score FROM snapshots_fts f WHERE TRUE${filters(p, args, "f")}`;
}

export interface PageRows {
  total: number;
  /** The total is PostgreSQL's estimate, not a count (search-ranked.ts, large results). */
  estimated?: boolean;
  hits: (Hit & { pageSnapshotsCount: number })[];
}

/** A page statement's rows: the total, and the listed hit (id null when the page is empty). */
export interface PageRow {
  total: number;
  id: number | null;
  g: string;
  ts: string;
  score: number;
}

/**
 * Runs a page statement (rows of PageRow) with each hit's captures of its URL group (every
 * capture, unfiltered) counted in the same round trip, as `n`.
 */
export async function pageRows<R extends PageRow>(
  client: pg.ClientBase,
  sql: string,
  values: unknown[],
): Promise<(R & { n: number })[]> {
  const { rows } = await client.query<R & { n: number }>(
    // Page groups are compared in "C" (search_pages); the URL group index is in the default collation.
    `SELECT y.*, (SELECT count(*) FROM snapshots s WHERE s.normalized_url_group = y.g COLLATE "default") AS n
       FROM (${sql}) y`,
    values,
  );
  return rows;
}

/** The URL group of a listed row: hits over `snapshots_fts` carry the page's id, URL ones the text. */
export const groupOf = (sel: Selection, column: string) =>
  "where" in sel ? column : `(SELECT sp.g FROM search_pages sp WHERE sp.id = ${column})`;

/** The requested page of matches and how many matches (pages or snapshots) there are in all. */
export async function searchPage(
  client: pg.ClientBase,
  sel: Selection,
  p: SearchParams,
  sort: SearchParams["sort"],
  args = new Params(),
): Promise<PageRows> {
  // Newest first needs no scores.
  const hits = hitsSql(
    sort === "relevance" || !("tsquery" in sel) ? sel : { ...sel, rank: undefined },
    p,
    args,
  );
  const rows =
    p.view === "pages"
      ? `SELECT id, g, ts, MAX(score) OVER (PARTITION BY g) AS score,
           ROW_NUMBER() OVER (PARTITION BY g ORDER BY ts DESC, id) AS rn FROM hits`
      : "SELECT id, g, ts, score, 1 AS rn FROM hits";
  const order = `${sort === "relevance" ? "score DESC, " : ""}ts DESC, id DESC`;
  const limit = args.add(p.pageSize);
  const offset = args.add((p.page - 1) * p.pageSize);
  const out = await pageRows(
    client,
    `WITH hits AS (${hits}), listed AS (${rows})
     SELECT t.total, r.id, ${groupOf(sel, "r.g")} AS g, r.ts, r.score
       FROM (SELECT COUNT(*) AS total FROM listed WHERE rn = 1) t
     LEFT JOIN LATERAL (SELECT id, g, ts, score FROM listed WHERE rn = 1 ORDER BY ${order}
       LIMIT ${limit} OFFSET ${offset}) r ON TRUE`,
    args.values,
  );
  return toPage(out);
}

/** pageRows' rows as a page of hits (a hit whose group no capture is normalized to counts 1: itself). */
export function toPage(out: (PageRow & { n: number })[]): PageRows {
  return {
    total: out[0]?.total ?? 0,
    hits: out
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id as number,
        group: r.g,
        ts: r.ts,
        score: r.score,
        pageSnapshotsCount: Math.max(1, r.n),
      })),
  };
}

/** A prefix beginning more vocabulary words than this is searched as a prefix of the stems. */
const PREFIX_WORDS = 1000;

/**
 * The vocabulary words (accent-folded, as written) each prefix begins, as FTS4 reads a prefix
 * query `t*` on sql.js; null for a prefix beginning more than PREFIX_WORDS of them (one or two
 * letters). Read through the vocabulary's trigram index.
 */
export async function wordsStarting(client: pg.ClientBase, prefixes: string[]): Promise<(string[] | null)[]> {
  const { rows } = await client.query<{ words: string[] }>(
    `SELECT ARRAY(SELECT term FROM search_terms WHERE term LIKE p.prefix || '%' LIMIT ${PREFIX_WORDS + 1}) AS words
       FROM unnest($1::text[]) WITH ORDINALITY p(prefix, i) ORDER BY p.i`,
    [prefixes],
  );
  return rows.map((r) => (r.words.length > PREFIX_WORDS ? null : r.words));
}

/**
 * Vocabulary words near `token` by trigram similarity (at the search transaction's threshold,
 * search.ts), in vocabulary (byte) order.
 */
export async function nearTerms(client: pg.ClientBase, token: string): Promise<string[]> {
  const { rows } = await client.query<{ term: string }>(
    `SELECT term FROM (SELECT term FROM search_terms WHERE term % $1 ORDER BY similarity(term, $1) DESC LIMIT 200) near
     ORDER BY term COLLATE "C"`,
    [token],
  );
  return rows.map((r) => r.term);
}

/**
 * How many rows PostgreSQL's planner expects `sql` to return, from its statistics alone (EXPLAIN
 * without ANALYZE reads no row).
 */
export async function plannedRows(client: pg.ClientBase, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await client.query<{ "QUERY PLAN": { Plan: { "Plan Rows": number } }[] }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    values,
  );
  return rows[0]["QUERY PLAN"][0].Plan["Plan Rows"];
}

/** The archive's pages per capture, from the planner's statistics (1 when they are missing). */
export async function pagesPerCapture(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ r: number | null }>(
    `SELECT (SELECT reltuples FROM pg_class WHERE oid = 'search_pages'::regclass)
          / NULLIF((SELECT reltuples FROM pg_class WHERE oid = 'snapshots_fts'::regclass), 0) AS r`,
  );
  const r = Number(rows[0]?.r);
  return r > 0 && r <= 1 ? r : 1;
}
