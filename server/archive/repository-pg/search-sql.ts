/**
 * One search page in one SQL statement: the matching snapshots with the request's filters, scored
 * by PostgreSQL (`ts_rank_cd` over the English and French vectors, times the URL depth penalty),
 * grouped into pages when asked (a page shows its latest matching capture with the best score of
 * its captures), sorted, counted and cut to the requested page, as ../search/search.ts does.
 */
import type pg from "pg";
import type { Hit, SearchParams } from "../search/search-types.js";

/** Weights of the tsvector labels {D, C, B, A}: page text, unused, URL words, title (4 : 1.5 : 1 as rank.ts). */
const LABEL_WEIGHTS = "'{0.25, 0.25, 0.375, 1.0}'";
const EN = "'archive.english_unaccent'::regconfig";
const FR = "'archive.french_unaccent'::regconfig";
const EXACT = "'archive.simple_unaccent'::regconfig";

/** Numbered parameters collected while the statement is written. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** What selects the snapshots: a tsquery text over both vectors, or a plain condition on `s`. */
export type Selection = { tsquery: string } | { where: string } | { all: true };

function filters(p: SearchParams, args: Params): string {
  const parts: string[] = [];
  if (p.source) parts.push(`s.source_id = (SELECT id FROM sources WHERE code = ${args.add(p.source)})`);
  if (p.from) parts.push(`s.capture_timestamp >= ${args.add(`${p.from}T00:00:00.000Z`)}`);
  if (p.to) parts.push(`s.capture_timestamp <= ${args.add(`${p.to}T23:59:59.999Z`)}`);
  if (p.language) parts.push(`s.language = ${args.add(p.language)}`);
  if (!p.includeNon2xx) parts.push("s.status_code BETWEEN 200 AND 299");
  if (!p.includeDuplicates) parts.push("s.is_duplicate = 0");
  return parts.map((x) => ` AND ${x}`).join("");
}

/**
 * Matches ranked by `ts_rank_cd` on their whole vector of the words as written: the costly part
 * of a broad query (each vector is read from TOAST), so it runs on the CANDIDATES best by the
 * cheap score only. The cheap score ranks the small in-row lead vector (title, URL words, the
 * page's first words), read for every match; a match outside the candidates scores 0 and
 * follows them newest first. Up to CANDIDATES matches, the order is exactly the full ranking.
 */
export const CANDIDATES = 300;

function rankedHitsSql(q: string, p: SearchParams, args: Params, ranked: boolean): string {
  const en = `to_tsquery(${EN}, ${q})`;
  const fr = `to_tsquery(${FR}, ${q})`;
  const exact = `to_tsquery(${EXACT}, ${q})`;
  // Cover density with the length normalisation 1 (divided by 1 + log of the length) came
  // closest to the sql.js BM25 order on the golden queries. Ranked on the words as typed, as
  // FTS4 matches them: a page found only through stemming (vaccines → vaccin) scores 0.
  const rank = (v: string) => `ts_rank_cd(${LABEL_WEIGHTS}, ${v}, ${exact}, 1)`;
  const matched = `SELECT s.id, COALESCE(s.normalized_url_group, s.url) AS g, s.capture_timestamp AS ts,
      ${ranked ? `CASE WHEN f.rank_lead @@ ${exact} THEN ${rank("f.rank_lead")} * f.url_weight ELSE 0 END` : "0::float8"} AS pre
    FROM snapshots s JOIN snapshots_fts f ON f.id = s.id
    WHERE (f.fts_en @@ ${en} OR f.fts_fr @@ ${fr})${filters(p, args)}`;
  if (!ranked) return `SELECT id, g, ts, 0::float8 AS score FROM (${matched}) m`;
  return `WITH m AS MATERIALIZED (${matched}),
    c AS (SELECT c.id, ${rank("f.fts_exact")} * f.url_weight AS score
      FROM (SELECT id FROM m ORDER BY pre DESC, ts COLLATE "C" DESC, id DESC LIMIT ${CANDIDATES}) c
      JOIN snapshots_fts f ON f.id = c.id)
    SELECT m.id, m.g, m.ts, COALESCE(c.score, 0) AS score FROM m LEFT JOIN c ON c.id = m.id`;
}

function hitsSql(sel: Selection, p: SearchParams, args: Params, ranked: boolean): string {
  if ("tsquery" in sel) return rankedHitsSql(args.add(sel.tsquery), p, args, ranked);
  const where = "where" in sel ? sel.where : "TRUE";
  return `SELECT s.id, COALESCE(s.normalized_url_group, s.url) AS g, s.capture_timestamp AS ts, 0::float8 AS score
    FROM snapshots s WHERE ${where}${filters(p, args)}`;
}

export interface PageRows {
  total: number;
  hits: Hit[];
}

/** The requested page of matches and how many matches (pages or snapshots) there are in all. */
export async function searchPage(
  client: pg.ClientBase,
  sel: Selection,
  p: SearchParams,
  sort: SearchParams["sort"],
  args = new Params(),
): Promise<PageRows> {
  // Newest first needs no scores: reading each match's vector to rank it is most of the work.
  const hits = hitsSql(sel, p, args, sort === "relevance");
  const rows =
    p.view === "pages"
      ? `SELECT id, g, ts, MAX(score) OVER (PARTITION BY g) AS score,
           ROW_NUMBER() OVER (PARTITION BY g ORDER BY ts COLLATE "C" DESC, id) AS rn FROM hits`
      : "SELECT id, g, ts, score, 1 AS rn FROM hits";
  const order = `${sort === "relevance" ? "score DESC, " : ""}ts COLLATE "C" DESC, id DESC`;
  const limit = args.add(p.pageSize);
  const offset = args.add((p.page - 1) * p.pageSize);
  const { rows: out } = await client.query<{
    total: number;
    id: number | null;
    g: string;
    ts: string;
    score: number;
  }>(
    `WITH hits AS (${hits}), listed AS (${rows})
     SELECT t.total, r.id, r.g, r.ts, r.score FROM (SELECT COUNT(*) AS total FROM listed WHERE rn = 1) t
     LEFT JOIN LATERAL (SELECT id, g, ts, score FROM listed WHERE rn = 1 ORDER BY ${order}
       LIMIT ${limit} OFFSET ${offset}) r ON TRUE`,
    args.values,
  );
  return {
    total: out[0]?.total ?? 0,
    hits: out
      .filter((r) => r.id !== null)
      .map((r) => ({ id: r.id as number, group: r.g, ts: r.ts, score: r.score })),
  };
}

/** Captures per URL group (every capture, unfiltered), for the rows of one page. */
export async function pageCounts(client: pg.ClientBase, groups: string[]): Promise<Map<string, number>> {
  if (!groups.length) return new Map();
  const { rows } = await client.query<{ g: string; n: number }>(
    "SELECT normalized_url_group AS g, COUNT(*) AS n FROM snapshots WHERE normalized_url_group = ANY($1) GROUP BY 1",
    [groups],
  );
  return new Map(rows.map((r) => [r.g, r.n]));
}

/** Vocabulary words near `token` by trigram similarity, in vocabulary (byte) order. */
export async function nearTerms(client: pg.ClientBase, token: string): Promise<string[]> {
  // A low threshold: short words one edit apart share few trigrams; the edit distance decides.
  await client.query("SELECT set_config('pg_trgm.similarity_threshold', '0.2', true)");
  const { rows } = await client.query<{ term: string }>(
    `SELECT term FROM (SELECT term FROM search_terms WHERE term % $1 ORDER BY similarity(term, $1) DESC LIMIT 200) near
     ORDER BY term COLLATE "C"`,
    [token],
  );
  return rows.map((r) => r.term);
}
