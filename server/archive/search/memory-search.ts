/**
 * The newest, boolean and relevance modes (FTS → prefix fallback → fuzzy) answered from the
 * packed index, with the same cascade, filters, ranking and paging as the FTS4 path in search.ts.
 * Runs in the search worker: everything it needs is in the index and the request.
 */
import { captureRange } from "../../../shared/archive/query-rules.js";
import { boundedEditDistance, typoBudget } from "../../../shared/text/distance.js";
import { type IndexFilter, pageOf } from "./index-page.js";
import { matchQuery } from "./index-query.js";
import { booleanPage } from "./memory-boolean.js";
import type { PackedIndex } from "./packed/packed-index.js";
import { parseBoolean, positiveTerms, queryTokens, type SearchMode } from "./query-parse.js";
import type { Hit, SearchOutcome, SearchParams } from "./search-types.js";

const letters = (s: string) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x39) n++;
  return n;
};

/** Each token with up to 8 vocabulary words within its edit distance (1 from 4 letters, 2 from 8). */
export function expandFuzzy(terms: readonly string[], tokens: string[]): string[][] {
  return tokens.map((t) => {
    const max = typoBudget(t.length);
    const near: string[] = [];
    const tl = letters(t);
    if (max)
      for (const v of terms) {
        if (v === t || Math.abs(v.length - t.length) > max) continue;
        // Each edit changes the count of non-digit characters by at most one: a cheap lower
        // bound that skips the many numbers in the vocabulary before the full distance.
        if (Math.abs(letters(v) - tl) > max) continue;
        if (boundedEditDistance(t, v, max) <= max && near.push(v) >= 8) break;
      }
    return [t, ...near];
  });
}

/** `sourceId`: the id of `p.source` (-2 when no source has that code), null without one. */
/**
 * Near spellings of a token, remembered until the vocabulary gains a term (a scan of the whole
 * vocabulary costs milliseconds; people repeat their typos, and pages of one query repeat them).
 */
const nearCache = new WeakMap<PackedIndex, { size: number; byToken: Map<string, string[]> }>();
function expandFuzzyCached(ix: PackedIndex, tokens: string[]): string[][] {
  let c = nearCache.get(ix);
  if (!c || c.size !== ix.terms.size) {
    c = { size: ix.terms.size, byToken: new Map() };
    nearCache.set(ix, c);
  }
  const cache = c.byToken;
  return tokens.map((t) => {
    let alts = cache.get(t);
    if (!alts) {
      [alts] = expandFuzzy(ix.terms.vocabulary(), [t]);
      if (cache.size >= 1000) cache.delete(cache.keys().next().value as string);
      cache.set(t, alts);
    }
    return alts;
  });
}

function filterOf(p: SearchParams, sourceId: number | null): IndexFilter {
  const { fromAt, toAt } = captureRange(p);
  return {
    sourceId,
    fromMs: fromAt ? Date.parse(fromAt) : null,
    toMs: toAt ? Date.parse(toAt) : null,
    language: p.language ?? null,
    includeNon2xx: p.includeNon2xx,
    includeDuplicates: p.includeDuplicates,
  };
}

export type PageOutcome = Omit<SearchOutcome, "hits" | "answeredBy"> & { hits: Hit[] };

/** The outcome from the packed index. */
export function memorySearch(
  ix: PackedIndex,
  p: SearchParams,
  kind: "newest" | "relevance" | "boolean",
  sourceId: number | null,
): PageOutcome {
  const f = filterOf(p, sourceId);
  const docs = ix.docs;
  const req = { view: p.view, page: p.page, pageSize: p.pageSize };
  const result = (mode: SearchMode, page: ReturnType<typeof pageOf>, marks: SearchOutcome["marks"]) => ({
    mode,
    total: page.total,
    marks,
    hits: page.docs.map((d, i) => ({
      id: d,
      group: docs.groupNames[docs.groupOf[d]],
      ts: new Date(docs.ts[d]).toISOString(),
      score: page.scores[i],
    })),
  });
  if (kind === "newest")
    return result("newest", pageOf(docs, null, 0, null, f, { ...req, byScore: false }), {
      terms: [],
      prefix: false,
    });
  const byScore = p.sort === "relevance";
  if (kind === "boolean") {
    const tree = parseBoolean(p.q);
    if (!tree) return { mode: "boolean", total: 0, hits: [], marks: { terms: [], prefix: false } };
    const terms = positiveTerms(tree).flatMap((t) => t.text.split(" "));
    return result("boolean", booleanPage(ix, tree, f, { ...req, byScore }), { terms, prefix: false });
  }
  const tokens = queryTokens(p.q);
  const run = (groups: string[][][]) => {
    const m = matchQuery(ix, groups);
    return pageOf(docs, m.docs, m.count, m.score, f, { ...req, byScore });
  };
  const empty = { total: 0, docs: [], scores: [] };
  let page = tokens.length ? run(tokens.map((t) => [[t]])) : empty;
  if (page.total || !tokens.length) return result("relevance_fts", page, { terms: tokens, prefix: false });
  page = run(tokens.map((t) => [ix.terms.prefix(t)]));
  if (page.total || p.q.trim().length < 4)
    return result("relevance_fallback", page, { terms: tokens, prefix: true });
  const expanded = expandFuzzyCached(ix, tokens);
  page = run(expanded.map((alts) => alts.map((a) => [a])));
  return result("relevance_fuzzy", page, { terms: expanded.flat(), prefix: false });
}
