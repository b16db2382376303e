/**
 * Ranking without scoring every match. Reading a page's whole vector back from TOAST costs about
 * 30 µs and a common word matches tens of thousands of pages, so only candidates are scored:
 * for each query word, the CANDIDATES snapshots where it scores best in the ranking lead (title,
 * URL words, the page's first words; `search_impacts`, revision 10, read in score order from its
 * index), topped up with the newest matches when those are fewer than CANDIDATES (a word absent
 * from every lead). The candidates that match are ranked on their whole vector; every other match
 * scores 0 and follows them newest first. Up to CANDIDATES matches the order is the full ranking.
 */
import type pg from "pg";
import { LABEL_WEIGHTS } from "../migrations/pg/010-search-pages.js";
import type { SearchParams } from "../search/search-types.js";
import {
  anyWordPagesFrom,
  anyWordPagesSql,
  defaultFilters,
  EN,
  EXACT,
  exactFirst,
  exactWhereSame,
  FR,
  filters,
  matchesSql,
  matchParam,
  matchSql,
  type PageRow,
  type PageRows,
  Params,
  pageRows,
  plannedRows,
  toPage,
  wordsMatch,
} from "./search-sql.js";
import type { MatchQuery } from "./search-tsquery.js";

export const CANDIDATES = 300;

/** The words whose impacts propose candidates: whole words, or word prefixes (fallback mode). */
export interface RankTerms {
  words: string[];
  prefixes: string[];
}

/**
 * CTEs over the matches `m` (a CTE of `id, g, ts`) for the tsquery text in parameter `q`:
 * - `near`: the matching proposed snapshots and, for each of their pages, that page's latest match
 *   (possibly among more matches on those pages): `opts.near` when given (CTEs ending with `near`,
 *   see rankedPage), else every match on those pages, from `m`;
 * - `fill`: the newest matches topping the candidates up to CANDIDATES (none when enough are
 *   proposed); each is its page's latest match, since a newer one would be in `fill` too;
 * - `c`: the scored candidates `(id, g, ts, score)`, ranked on the words as typed (`simple`), as
 *   FTS4 matches them: a page found only through stemming (vaccines → vaccin) scores 0.
 */
export function rankSql(
  q: string,
  terms: RankTerms,
  args: Params,
  opts: { anyWord?: boolean; near?: string; newest?: string; matches?: string } = {},
): string {
  const words = args.add(terms.words);
  const prefixes = args.add(terms.prefixes);
  // Every word of a page's lead has an impact; a prefix takes its words' best impacts.
  const best = (cond: string) =>
    `CROSS JOIN LATERAL (SELECT id, impact FROM search_impacts WHERE ${cond} ORDER BY impact DESC LIMIT ${CANDIDATES}) b`;
  // Any capture a word of an OR proposes matches, so the best CANDIDATES of all its words fill the
  // first pages (a typo's three spellings would otherwise propose 900); an AND keeps each word's
  // best, since a capture one word proposes may lack another.
  const cap = opts.anyWord ? CANDIDATES : "ALL";
  // `fill` pulls from `newest` (rows come out of a CTE in the order made) only the rows it needs,
  // none when enough are proposed; `newest`, a CTE, is planned to give all CANDIDATES. Planned for
  // the tenth of them PostgreSQL assumes of an unknown limit, a query estimated at a few hundred
  // matches (a rare pair) walked the newest-first index testing every row's vectors when it had
  // none (0.9 s at 100,000 pages) instead of sorting its matches. At a million captures even a
  // CTE planned for all of them walked it for an estimate of 5,000 matches (10 s for a pair that
  // never meets), so the matches are read apart (OFFSET 0) and sorted: the search's counted way
  // comes for results expected under 20,000, and a large one walks at most 3,000 (largeResultPage).
  // Arrays of ids, so the few rows are read through the primary key; with what the default
  // filters and the pages' latest matches read (nearOfProposed), so they are not looked up again.
  return `proposed AS MATERIALIZED (SELECT f.id, f.page_id AS g, f.ts, f.status_code, f.is_duplicate, f.language, f.source_id
        FROM snapshots_fts f WHERE f.id = ANY (ARRAY(
        SELECT id FROM (
          SELECT b.id, b.impact FROM unnest(${words}::text[]) w(term) ${best("term = w.term")}
          UNION ALL
          SELECT b.id, b.impact FROM unnest(${prefixes}::text[]) w(prefix) ${best("term >= w.prefix AND term < w.prefix || chr(1114111)")}
        ) x GROUP BY id ORDER BY max(impact) DESC, id LIMIT ${cap}))),
    ${opts.near ?? "near AS MATERIALIZED (SELECT id, g, ts FROM m WHERE g IN (SELECT g FROM proposed))"},
    imp AS (SELECT id FROM near WHERE id IN (SELECT id FROM proposed)),
    newest AS MATERIALIZED (${opts.newest ?? `SELECT id, g, ts FROM (SELECT id, g, ts FROM m OFFSET 0) m ORDER BY ts DESC, id DESC LIMIT ${CANDIDATES}`}),
    fill AS MATERIALIZED (SELECT id, g, ts FROM newest
      LIMIT GREATEST(0, LEAST(${opts.matches ?? CANDIDATES}, ${CANDIDATES} - (SELECT count(*) FROM imp)))),
    c AS MATERIALIZED (SELECT x.id, x.g, x.ts,
      ts_rank_cd(${LABEL_WEIGHTS}, v.fts_exact, to_tsquery(${EXACT}, ${q}), 1) * v.url_weight AS score
      FROM (SELECT id, g, ts FROM near WHERE id IN (SELECT id FROM imp) UNION SELECT id, g, ts FROM fill) x
      JOIN search_rank_vectors v ON v.id = x.id)`;
}

/**
 * `near` from the proposed captures alone, reading few vectors back from TOAST (each read about
 * 10 µs, most of such a search's time): which proposed captures match, and each proposed page's
 * latest match. For a plain OR of words (`anyWord`), a proposed capture holds one of the words as
 * written in its lead (`search_impacts`), so its stemmed vectors hold that word's stem whenever
 * the word keeps one (a single lexeme) in English or French: it then matches without being tested
 * (`stemmed`, decided once a search; a word both languages drop as a stopword, or a prefix, leaves
 * every proposed capture tested). Any other query tests each proposed capture (`match`: its words
 * and the pairs of its phrases, first on the words as written when those decide it: exactFirst).
 * A proposed page's latest match is then its newest matching proposed capture unless a newer
 * capture matches: only those are tested, newest first, until one does.
 */
function nearOfProposed(
  match: string,
  terms: RankTerms,
  p: SearchParams,
  args: Params,
  anyWord: boolean,
): string {
  const listedOnly = filters(p, args, "f");
  const oneLexeme = (config: string) => `length(to_tsvector(${config}, w)) = 1`;
  const stemmed =
    !anyWord || terms.prefixes.length
      ? "FALSE"
      : `(SELECT COALESCE(bool_and(${oneLexeme(EN)} OR ${oneLexeme(FR)}), FALSE) FROM unnest(${args.add(terms.words)}::text[]) w)`;
  // The proposed rows themselves (`f` there has the columns the default filters read); their
  // vectors are read only when a word keeps no stem.
  return `pm AS MATERIALIZED (SELECT f.id, f.g, f.ts FROM proposed f WHERE TRUE${listedOnly} AND (${stemmed}
        OR f.id IN (SELECT f.id FROM snapshots_fts f WHERE f.id = ANY (ARRAY(SELECT id FROM proposed)) AND ${match}))),
    latest AS (SELECT DISTINCT ON (g) id, g, ts FROM pm ORDER BY g, ts DESC, id),
    near AS MATERIALIZED (SELECT id, g, ts FROM pm UNION ALL
      SELECT n.id, n.g, n.ts FROM latest l CROSS JOIN LATERAL (
        SELECT f.id, f.page_id AS g, f.ts FROM (
          SELECT f.id, f.page_id, f.ts, f.fts_en, f.fts_fr, f.fts_pairs FROM snapshots_fts f
           WHERE f.page_id = l.g AND (f.ts > l.ts OR (f.ts = l.ts AND f.id < l.id))${listedOnly}
           ORDER BY f.ts DESC, f.id OFFSET 0) f
         WHERE ${match} LIMIT 1) n)`;
}

/**
 * The captures (an even stride of ids, under the filters) on which a query that is not a plain OR
 * of words is measured: the share that match it gives its estimated total. The planner's estimate
 * ignores fields and word positions (twenty times too many for `title:` on a common word) and
 * takes words as independent.
 */
const SAMPLE = 400;

/** How many captures the request's filters keep, as the planner expects. */
async function capturesKept(client: pg.ClientBase, p: SearchParams): Promise<number> {
  const args = new Params();
  return plannedRows(client, `SELECT 1 FROM snapshots_fts f WHERE TRUE${filters(p, args, "f")}`, args.values);
}

/** Searches estimated to find more than this many (pages, or captures in the snapshots view) are not counted. */
export const EXACT_TOTAL_UP_TO = 20_000;

/** How many captures the newest-first walk of a large result reads, at most, to top the candidates up (`fill`). */
const NEWEST_WALK = 3_000;

/**
 * What PostgreSQL's planner expects the search to find, from its statistics (no match is read).
 * A plain OR of words: pages whose word union matches in the pages view, else captures (in the
 * pages view, an upper bound: a page counts once however many of its captures match, and they
 * need not all). Any other query: the fewest captures one of its words alone is expected in, an
 * upper bound for an AND of them (the planner's own estimate of an AND assumes words independent:
 * 13,000 pages for two words of one sentence that met on 112,000), which largeResultPage then
 * measures on a sample of captures.
 */
async function estimatedTotal(
  client: pg.ClientBase,
  query: MatchQuery,
  terms: RankTerms,
  p: SearchParams,
  byUnion: boolean,
): Promise<number> {
  const planned = async (q: MatchQuery) => {
    const args = new Params();
    const at = matchParam(q, args);
    const sql = byUnion ? `SELECT 1 FROM ${anyWordPagesFrom(at)}` : matchesSql(at, p, args, q);
    return plannedRows(client, sql, args.values);
  };
  const words = [...new Set(terms.words)];
  if (query.anyWord || (!words.length && !query.parts)) return planned(query);
  let fewest = Number.POSITIVE_INFINITY;
  // An AND of ORs is bounded by its rarest part (one plan each), not by the rarest word in it.
  for (const part of query.parts ?? words)
    fewest = Math.min(fewest, await planned({ tsquery: part, pairs: null }));
  // The title's words alone, from the title indexes' statistics: "title:sweats" is common
  // as a word and rare in titles.
  if (query.titles)
    fewest = Math.min(
      fewest,
      await planned({ tsquery: "", pairs: null, titles: query.titles, titlesDecide: true }),
    );
  return fewest;
}

/**
 * The first pages of a ranked search from the candidates alone, or null when the requested page
 * reaches past the scored candidates (search-sql.ts then orders every match).
 * A plain OR of words in the pages view under the default filters reads no match it does not
 * show: its total comes from the pages' word unions and its proposed pages' matches through the
 * page index (nearOfProposed), so `m` is read only when the newest matches must fill the
 * candidates up.
 * Any other query reads its matches in one pass (`one_pass`) that counts them and keeps those on
 * the proposed pages (`near`), instead of storing every match in a CTE read twice: for a common
 * pair of words (90,000 matches) that cost a sixth of the search's CPU. `m` is then read again
 * only when the newest matches must fill the candidates up.
 * A search the planner expects to find more than `exactUpTo` is not counted (largeResultPage).
 */
export async function rankedPage(
  client: pg.ClientBase,
  query: MatchQuery,
  terms: RankTerms,
  p: SearchParams,
  exactUpTo = EXACT_TOTAL_UP_TO,
): Promise<PageRows | null> {
  const pages = p.view === "pages";
  const byUnion = pages && !!query.anyWord && defaultFilters(p);
  if (p.page * p.pageSize <= CANDIDATES) {
    const estimate = await estimatedTotal(client, query, terms, p, byUnion);
    if (estimate > exactUpTo) {
      const page = await largeResultPage(client, query, terms, p, estimate);
      if (page) return page;
    }
  }
  const args = new Params();
  const q = args.add(query.tsquery);
  const matches = matchesSql(q, p, args, query);
  // Matches on the proposed pages (a hash of a few hundred pages probed by each match) as arrays,
  // so the pass aggregates instead of storing every match.
  const onProposed = (column: string) => `array_agg(x.${column}) FILTER (WHERE pp.g IS NOT NULL)`;
  const near = byUnion
    ? nearOfProposed(wordsMatch(q), terms, p, args, true)
    : `one_pass AS MATERIALIZED (SELECT ${pages ? "count(DISTINCT x.g)" : "count(*)"} AS total,
          ${onProposed("id")} AS ids, ${onProposed("g")} AS gs, ${onProposed("ts")} AS tss
        FROM m x LEFT JOIN (SELECT DISTINCT g FROM proposed) pp ON pp.g = x.g),
       near AS MATERIALIZED (SELECT u.id, u.g, u.ts COLLATE "C" AS ts
        FROM one_pass, unnest(one_pass.ids, one_pass.gs, one_pass.tss) u(id, g, ts))`;
  // The pass's count spares reading the matches again when there are none (a field no title holds).
  const scored = rankSql(q, terms, args, {
    anyWord: query.anyWord,
    near,
    matches: byUnion ? undefined : "(SELECT total FROM one_pass)",
  });
  const counted = byUnion ? anyWordPagesSql(q) : "SELECT total FROM one_pass";
  const rows = await pageRows<PageRow & { scored: number }>(
    client,
    `WITH m AS ${byUnion ? "MATERIALIZED" : "NOT MATERIALIZED"} (${matches}), ${scored}, ${listedSql(pages)}
     SELECT t.total, (SELECT count(*) FROM listed) AS scored, r.id, sp.g, r.ts, r.score
       FROM (${counted}) t
     ${pageOfListed(args, p)}`,
    args.values,
  );
  const scoredRows = rows[0]?.scored ?? 0;
  const total = rows[0]?.total ?? 0;
  // Past the scored candidates, the order continues over every other match (newest first).
  if (scoredRows < total && p.page * p.pageSize > scoredRows) return null;
  return toPage(rows);
}

/** A page shows its latest matching capture (in near or fill), with the best score of its captures. */
const listedSql = (pages: boolean) =>
  pages
    ? `best AS (SELECT g, max(score) AS score FROM c WHERE score > 0 GROUP BY g),
       listed AS (SELECT DISTINCT ON (x.g) x.id, x.g, x.ts, b.score
         FROM (SELECT * FROM near UNION SELECT * FROM fill) x JOIN best b ON b.g = x.g
         ORDER BY x.g, x.ts DESC, x.id)`
    : "listed AS (SELECT id, g, ts, score FROM c WHERE score > 0)";

/** The requested page of `listed`, best first (again after the join, which may reorder), with each listed capture's page. */
const pageOfListed = (args: Params, p: SearchParams) =>
  `LEFT JOIN LATERAL (SELECT id, g, ts, score FROM listed ORDER BY score DESC, ts DESC, id DESC
       LIMIT ${args.add(p.pageSize)} OFFSET ${args.add((p.page - 1) * p.pageSize)}) r ON TRUE
     LEFT JOIN search_pages sp ON sp.id = r.g
     ORDER BY r.score DESC, r.ts DESC, r.id DESC`;

/**
 * The share of `size` captures at an even stride of ids (so across the archive's whole time: the
 * newest alone are one crawl's pages and may hold a word much more or less than the rest) that
 * match (`kept` of `held`, under the request's filters), as a subquery. Most sampled captures do
 * not match, so `match` is tried on the words as written only where that answers alone (exactWhereSame).
 */
const sampleShare = (match: string, query: MatchQuery, p: SearchParams, args: Params, size: number) =>
  `(SELECT count(*) FILTER (WHERE ${exactWhereSame(match, args, query)}) AS kept, count(*) AS held FROM snapshots_fts f
     WHERE f.id = ANY (ARRAY(SELECT generate_series(b.lo, b.hi, GREATEST(1, (b.hi - b.lo) / ${size}))
       FROM (SELECT min(id) AS lo, max(id) AS hi FROM snapshots_fts) b))${filters(p, args, "f")})`;

/**
 * A search expected to find more than EXACT_TOTAL_UP_TO is not counted, since counting means
 * reading every match (at a million captures, half a second for a word on half the pages): its
 * total is an estimate (two significant digits, `estimated`), and no match is read that is not
 * shown: the proposed captures are tested one by one (nearOfProposed) and the newest matches that
 * top the candidates up come from walking the newest captures in order, testing each, at most
 * NEWEST_WALK of them. Null when the candidates do not fill the requested page, or no sampled
 * capture (of SAMPLE, then ten times as many) matches a query other than a plain OR of words: the
 * counted way answers then, so a query the planner misjudges (two common words that never meet)
 * costs one more statement, not a wrong page.
 */
async function largeResultPage(
  client: pg.ClientBase,
  query: MatchQuery,
  terms: RankTerms,
  p: SearchParams,
  estimate: number,
): Promise<PageRows | null> {
  const args = new Params();
  const q = args.add(query.tsquery);
  const match = matchSql(q, args, query);
  const near = nearOfProposed(exactFirst(match, args, query), terms, p, args, !!query.anyWord);
  // The newest captures under the filters, walked in order until CANDIDATES match or NEWEST_WALK
  // were read: a result too sparse among them tops its candidates up with fewer of its newest
  // matches than the counted way would (older ones among those may then rank on the first pages
  // there); a bounded walk rather than reading every match is what keeps the search fast.
  const walk = `walk AS MATERIALIZED (SELECT f.id, f.page_id AS g, f.ts FROM snapshots_fts f WHERE TRUE${filters(p, args, "f")}
       ORDER BY f.ts DESC, f.id DESC LIMIT ${NEWEST_WALK})`;
  const newest = `SELECT w.id, w.g, w.ts FROM walk w
      CROSS JOIN LATERAL (SELECT 1 FROM snapshots_fts f WHERE f.id = w.id AND ${match}) x LIMIT ${CANDIDATES}`;
  const scored = rankSql(q, terms, args, { anyWord: query.anyWord, near, newest });
  // A plain OR of words keeps the planner's estimate. Any other query is measured (sampleShare).
  const share = query.anyWord ? "(SELECT 1 AS kept, 1 AS held)" : sampleShare(match, query, p, args, SAMPLE);
  // Past the scored candidates come the other matches, newest first, as in the counted way (a
  // word found only through stemming scores 0 everywhere); read from the walk's newest matches,
  // and only when the scored ones do not fill the requested page.
  const needed = args.add(p.page * p.pageSize);
  const pages = p.view === "pages";
  const zero = pages
    ? `zero AS (SELECT DISTINCT ON (n.g) n.id, n.g, n.ts FROM newest n
         WHERE (SELECT count(*) FROM listed) < ${needed} AND NOT EXISTS (SELECT 1 FROM listed l WHERE l.g = n.g)
         ORDER BY n.g, n.ts DESC, n.id)`
    : `zero AS (SELECT n.id, n.g, n.ts FROM newest n
         WHERE (SELECT count(*) FROM listed) < ${needed} AND NOT EXISTS (SELECT 1 FROM listed l WHERE l.id = n.id))`;
  const rows = await pageRows<PageRow & { scored: number; zeros: number; kept: number; held: number }>(
    client,
    `WITH ${walk}, ${scored}, ${listedSql(pages)}, ${zero},
       shown AS (SELECT id, g, ts, score, 0 AS part FROM listed UNION ALL SELECT id, g, ts, 0::float8, 1 FROM zero)
     SELECT 0 AS total, (SELECT count(*) FROM listed) AS scored, (SELECT count(*) FROM zero) AS zeros,
       sh.kept, sh.held, r.id, sp.g, r.ts, r.score
     FROM ${share} sh
     LEFT JOIN LATERAL (SELECT id, g, ts, score, part FROM shown ORDER BY part, score DESC, ts DESC, id DESC
       LIMIT ${args.add(p.pageSize)} OFFSET ${args.add((p.page - 1) * p.pageSize)}) r ON TRUE
     LEFT JOIN search_pages sp ON sp.id = r.g
     ORDER BY r.part, r.score DESC, r.ts DESC, r.id DESC`,
    args.values,
  );
  const first = rows[0];
  if (!first || Number(first.scored) + Number(first.zeros) < p.page * p.pageSize) return null;
  let [kept, held] = [Number(first.kept), Number(first.held)];
  if (!kept) {
    // A result under one capture in SAMPLE: measured again on ten times as many.
    const again = new Params();
    const more = await client.query<{ kept: number; held: number }>(
      `SELECT * FROM ${sampleShare(matchSql(matchParam(query, again), again, query), query, p, again, SAMPLE * 10)} s`,
      again.values,
    );
    [kept, held] = [Number(more.rows[0]?.kept ?? 0), Number(more.rows[0]?.held ?? 0)];
    if (!kept) return null;
  }
  // Even measured under the threshold, the total stays an estimate: counting would read every
  // match of the query's words, each checked for how the query combines them (its vectors read back).
  const measured = query.anyWord ? estimate : ((await capturesKept(client, p)) * kept) / held;
  const total = Number(Math.round(measured).toPrecision(2));
  return { ...toPage(rows.map((r) => ({ ...r, total }))), estimated: true };
}
