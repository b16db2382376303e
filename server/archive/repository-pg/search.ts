/**
 * Archive search answered by PostgreSQL: the same modes, cascade, filters, grouping and paging
 * as the sql.js path (../search/search.ts), with PostgreSQL's full-text search doing the matching
 * and ranking (search-sql.ts) and pg_trgm finding near spellings and URL prefixes. Read in one
 * repeatable-read transaction, so the page and its capture counts see the same data.
 */
import type pg from "pg";
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import { inTransaction } from "../../db/pg/pool.js";
import { expandFuzzy } from "../search/memory-search.js";
import {
  detectMode,
  parseBoolean,
  positiveTerms,
  queryTokens,
  type SearchMode,
} from "../search/query-parse.js";
import { REDIRECT_TARGETS, type RedirectRow, redirectTargetsAsync } from "../search/redirects.js";
import type { SearchOutcome, SearchParams } from "../search/search-types.js";
import { all } from "./rows.js";
import { newestPage } from "./search-newest.js";
import { EXACT_TOTAL_UP_TO, type RankTerms, rankedPage, rankSql } from "./search-ranked.js";
import { nearTerms, type PageRows, Params, searchPage, wordsStarting } from "./search-sql.js";
import { allOf, booleanMatch, eachOfAny, everyPrefix, type MatchQuery } from "./search-tsquery.js";

type Marks = SearchOutcome["marks"];
interface Answer {
  mode: SearchMode;
  page: PageRows;
  marks: Marks;
}

const none: Marks = { terms: [], prefix: false };
const empty: PageRows = { total: 0, hits: [] };

/** Captured redirects from addresses matching `where` (on `normalized_url_group`, with `?` arguments). */
const redirectsWhere = (client: pg.ClientBase, where: string, args: unknown[]) =>
  all<RedirectRow>(
    client,
    `SELECT url, normalized_url_group AS "group", target_group FROM capture_redirects WHERE ${where} LIMIT ${REDIRECT_TARGETS}`,
    args,
  );

/**
 * Captures of the pages matching `own` (a condition on `s.normalized_url_group` written with
 * `args`), and of those that redirects from addresses matching it lead to (each marked with the
 * address it was reached from).
 */
async function urlMatches(
  client: pg.ClientBase,
  p: SearchParams,
  own: (args: Params) => string,
  redirects: { where: string; args: unknown[] },
  asked: (group: string) => boolean,
): Promise<PageRows> {
  const targets = await redirectTargetsAsync(
    await redirectsWhere(client, redirects.where, redirects.args),
    asked,
    (groups) => redirectsWhere(client, "normalized_url_group = ANY(?)", [groups]),
  );
  const args = new Params();
  const through = targets.size ? ` OR s.normalized_url_group = ANY(${args.add([...targets.keys()])})` : "";
  const page = await searchPage(client, { where: `(${own(args)}${through})` }, p, "newest", args);
  return {
    ...page,
    hits: page.hits.map((h) => {
      const from = asked(h.group) ? undefined : targets.get(h.group);
      return from ? { ...h, reachedFrom: from } : h;
    }),
  };
}

async function urlSearch(client: pg.ClientBase, p: SearchParams): Promise<PageRows> {
  const raw = /^https?:\/\//i.test(p.q.trim()) ? p.q.trim() : `https://${p.q.trim()}`;
  const norm = normalizeUrlGroup(raw) ?? raw;
  const variants = [norm, norm.replace(/^https:/, "http:")];
  const page = await urlMatches(
    client,
    p,
    (args) => `s.normalized_url_group IN (${args.add(variants[0])}, ${args.add(variants[1])})`,
    { where: "normalized_url_group IN (?, ?)", args: variants },
    (g) => variants.includes(g),
  );
  if (page.total) return page;
  const esc = (s: string) => s.replace(/[\\%_]/g, "\\$&");
  const prefixes = variants.map((v) => `${esc(v)}%`);
  return urlMatches(
    client,
    p,
    (args) => prefixes.map((v) => `s.normalized_url_group LIKE ${args.add(v)}`).join(" OR "),
    { where: "(normalized_url_group LIKE ? OR normalized_url_group LIKE ?)", args: prefixes },
    (g) => variants.some((v) => g.startsWith(v)),
  );
}

/** Matches of a tsquery: the scored candidates' shortcut first, else every match in order. */
async function matchPage(
  client: pg.ClientBase,
  query: MatchQuery,
  terms: RankTerms,
  p: SearchParams,
  o: SearchOptions,
): Promise<PageRows> {
  if (p.sort === "relevance") {
    const page = await rankedPage(client, query, terms, p, o.exactTotalUpTo);
    if (page) return page;
  }
  const args = new Params();
  return searchPage(
    client,
    { ...query, rank: (q) => rankSql(q, terms, args, { anyWord: query.anyWord }) },
    p,
    p.sort,
    args,
  );
}

async function relevanceSearch(client: pg.ClientBase, p: SearchParams, o: SearchOptions): Promise<Answer> {
  const tokens = queryTokens(p.q);
  const ranked = (query: MatchQuery, terms: RankTerms = { words: tokens, prefixes: [] }) =>
    matchPage(client, query, terms, p, o);
  if (!tokens.length) return { mode: "relevance_fts", page: empty, marks: { terms: tokens, prefix: false } };
  let page = await ranked(allOf(tokens));
  if (page.total) return { mode: "relevance_fts", page, marks: { terms: tokens, prefix: false } };
  const starting = await wordsStarting(client, tokens);
  const prefixed = everyPrefix(tokens, starting);
  // The words a token begins propose candidates each through its own best impacts (the impacts
  // index read ~300 rows a word), the same candidates as reading the token's range of words:
  // that range sorted every impact of every word it begins (300,000 rows for "health", 26 ms).
  // A token beginning too many words (null) stays a range.
  const proposing = {
    words: starting.flatMap((w) => w ?? []),
    prefixes: tokens.filter((_, i) => starting[i] === null),
  };
  page = prefixed.tsquery ? await ranked(prefixed, proposing) : empty;
  if (page.total || p.q.trim().length < 4)
    return { mode: "relevance_fallback", page, marks: { terms: tokens, prefix: true } };
  const expanded: string[][] = [];
  for (const t of tokens) expanded.push(...expandFuzzy(await nearTerms(client, t), [t]));
  page = await ranked(eachOfAny(expanded), { words: expanded.flat(), prefixes: [] });
  return { mode: "relevance_fuzzy", page, marks: { terms: expanded.flat(), prefix: false } };
}

async function answer(client: pg.ClientBase, p: SearchParams, o: SearchOptions): Promise<Answer> {
  const kind = detectMode(p.q);
  if (kind === "newest") {
    const page =
      (await newestPage(client, p, o.exactTotalUpTo ?? EXACT_TOTAL_UP_TO)) ??
      (await searchPage(client, { all: true }, p, "newest"));
    return { mode: "newest", page, marks: none };
  }
  if (kind === "url") return { mode: "url", page: await urlSearch(client, p), marks: none };
  if (kind === "relevance") return relevanceSearch(client, p, o);
  const tree = parseBoolean(p.q);
  if (!tree) return { mode: "boolean", page: empty, marks: none };
  const terms = positiveTerms(tree).flatMap((t) => t.text.split(" "));
  const page = await matchPage(client, booleanMatch(tree), { words: terms, prefixes: [] }, p, o);
  return { mode: "boolean", page, marks: { terms, prefix: false } };
}

// The planner does not count reading a vector back from TOAST: left alone it would scan
// snapshots_fts testing each row's vectors instead of taking the GIN index's matches. The
// disabled plans' huge costs would then start JIT compiling (a quarter of a second). A low
// trigram threshold: short words one edit apart share few trigrams; the edit distance decides.
const SEARCH_BEGIN = `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
  SELECT set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
    set_config('work_mem', '32MB', true), set_config('pg_trgm.similarity_threshold', '0.2', true)`;

export interface SearchOptions {
  /** Searches expected to find more are not counted: their total is estimated (search-ranked.ts). */
  exactTotalUpTo?: number;
}

/** One search on PostgreSQL, in the shape the sql.js path answers. */
export function searchSnapshotsPg(
  pool: pg.Pool,
  p: SearchParams,
  o: SearchOptions = {},
): Promise<Omit<SearchOutcome, "answeredBy">> {
  return inTransaction(
    pool,
    async (client) => {
      const { mode, page, marks } = await answer(client, p, o);
      // Only when estimated, as the sql.js paths (which always count) leave it out.
      return {
        mode,
        total: page.total,
        ...(page.estimated ? { totalEstimated: true } : {}),
        hits: page.hits,
        marks,
      };
    },
    SEARCH_BEGIN,
  );
}
