/**
 * The app's search strings as `to_tsquery` text, so PostgreSQL applies the same query to both
 * stemmed columns (English and French). Every word comes from queryTokens()/parseBoolean() in
 * ../search/query-parse.ts: letters and digits only, so it can stand in the text unquoted, and
 * the operators (& | ! <-> and parentheses) are only ever ours.
 */
import type { BoolNode } from "../search/query-parse.js";

type TermNode = Extract<BoolNode, { kind: "term" }>;

/** tsvector weights per field: title A, URL words B, page text D (search-write.ts sets them). */
const WEIGHT = { title: "A", url: "B", body: "D" } as const;

/** Every token required (relevance mode). */
export const allOf = (tokens: readonly string[]): MatchQuery => {
  const tsquery = tokens.join(" & ");
  return {
    tsquery,
    pairs: null,
    anyWord: tokens.length === 1,
    exact: { query: tsquery, words: [...tokens] },
  };
};

/**
 * Every token as a word prefix (the fallback when no page holds every token, as sql.js's `a* b*`):
 * each token by the vocabulary words it begins (`words[i]`, search-sql.ts wordsStarting), as
 * sql.js expands a prefix; or, for a token beginning too many (null), as a prefix of the stems
 * (`t:*`). Stemmers only cut word endings, so a prefix that short finds nearly the same pages; a
 * longer one must not go through the stems: "rassies" has the French stem "rass", which
 * "rassemblement" begins. Empty when a token begins no word, since no page can then match.
 */
export const everyPrefix = (
  tokens: readonly string[],
  words: readonly (readonly string[] | null)[],
): MatchQuery => {
  const each = tokens.map((t, i) => words[i] ?? [`${t}:*`]);
  if (each.some((alts) => alts.length === 0)) return { tsquery: "", pairs: null, anyWord: true };
  const parts = each.map((alts) => alts.join(" | "));
  if (parts.length === 1) return { tsquery: parts[0], pairs: null, anyWord: true };
  return { tsquery: parts.map((p) => `(${p})`).join(" & "), pairs: null, anyWord: false, parts };
};

/** Each token by one of its spellings (fuzzy mode: the token and its near vocabulary words). */
export const eachOfAny = (alternatives: readonly string[][]): MatchQuery => {
  const tsquery = alternatives.map((alts) => `(${alts.join(" | ")})`).join(" & ");
  return {
    tsquery,
    pairs: null,
    anyWord: alternatives.length === 1,
    exact: { query: tsquery, words: alternatives.flat() },
    ...(alternatives.length > 1 ? { parts: alternatives.map((alts) => alts.join(" | ")) } : {}),
  };
};

function term(n: TermNode, byPair: ReadonlySet<BoolNode>): string {
  const label = n.field ? `:${WEIGHT[n.field]}` : "";
  const words = n.text.split(" ").map((w) => `${w}${label}`);
  // A phrase its word pair decides needs no positions here: `&` lets the GIN index answer alone.
  return words.length > 1 ? `(${words.join(byPair.has(n) ? " & " : " <-> ")})` : words[0];
}

/**
 * A boolean tree (AND, OR, NOT, phrases, title:/url:/snippet: fields) as tsquery text. Phrases in
 * `byPair` (see pairDecided) are written as their words alone, their adjacency left to the pairs.
 */
export function booleanQuery(n: BoolNode, byPair: ReadonlySet<BoolNode> = new Set()): string {
  if (n.kind === "term") return term(n, byPair);
  if (n.kind === "not") return `!(${booleanQuery(n.item, byPair)})`;
  return `(${n.items.map((x) => booleanQuery(x, byPair)).join(n.kind === "and" ? " & " : " | ")})`;
}

/**
 * The phrases whose word pair alone decides them: two words, no field, required by the whole
 * query (the query itself or one of its top AND's items), so pairsQuery requires their pair. The
 * pair is exact adjacency of the words as written, which is what FTS4 matches on sql.js; checking
 * positions in the stemmed vectors as well would read every such page's vectors back from TOAST.
 */
export function pairDecided(tree: BoolNode): Set<BoolNode> {
  const top = tree.kind === "and" ? tree.items : [tree];
  return new Set(top.filter((n) => n.kind === "term" && !n.field && n.text.split(" ").length === 2));
}

/** A query's text for the stemmed vectors, the word pairs it requires, and whether those pairs alone decide it. */
export interface MatchQuery {
  tsquery: string;
  pairs: string | null;
  /**
   * Every required item is a phrase its pair decides: a page holding the pairs holds their words,
   * so the stemmed vectors need not be tested (each test reads a vector back from TOAST).
   */
  pairsDecide?: boolean;
  /**
   * What the title must hold (titleQuery): tsquery text over the title's words alone
   * (`ts_filter(vector, '{a}')`, indexed by revision 18), or null when no title word is required.
   */
  titles?: string | null;
  /** Every term is a `title:` field, so `titles` is the whole query and the page's own words need no test. */
  titlesDecide?: boolean;
  /**
   * The query is a plain OR of words or word prefixes (no AND, NOT, phrase or field): a page has a
   * matching capture exactly when the union of its captures' words matches (search_page_words).
   */
  anyWord?: boolean;
  /**
   * An AND of ORs (each token's spellings, or the words it begins): each part's tsquery, so its
   * total is estimated by its rarest part, not by the rarest single word in it.
   */
  parts?: string[];
  /**
   * The query over the words as written, when a capture holding it there matches (search-sql.ts
   * exactFirst): a tree of AND and OR over words without a field (no NOT, no prefix), and phrases
   * only where their pair decides them. Such a capture holds each word's stems in both stemmed
   * vectors, and each phrase's pair (listed from the words as written), provided every word keeps
   * one lexeme in each language (no stopword, no split word): `words`, checked in SQL once a
   * search. A phrase tested on the stemmed positions is left out: each vector joins title, URL
   * and text after its own last position, so a phrase across those parts may be adjacent as
   * written and not in a stemmed vector that dropped a stopword before it. Null for other trees.
   */
  exact?: { query: string; words: string[] } | null;
}

/** AND and OR over words, and phrases their pair decides, no field: what MatchQuery.exact can decide. */
const plainTree = (n: BoolNode, byPair: ReadonlySet<BoolNode>): boolean =>
  n.kind === "term"
    ? !n.field && (!n.text.includes(" ") || byPair.has(n))
    : n.kind !== "not" && n.items.every((x) => plainTree(x, byPair));

const treeWords = (n: BoolNode): string[] =>
  n.kind === "term" ? n.text.split(" ") : n.kind === "not" ? treeWords(n.item) : n.items.flatMap(treeWords);

/** A single word or prefix without a field, or an OR of such. */
const anyWordTree = (n: BoolNode): boolean =>
  n.kind === "term" ? !n.field && !n.text.includes(" ") : n.kind === "or" && n.items.every(anyWordTree);

/** A boolean tree as the match query of search-sql.ts. */
export function booleanMatch(tree: BoolNode): MatchQuery {
  const byPair = pairDecided(tree);
  const top = tree.kind === "and" ? tree.items : [tree];
  return {
    tsquery: booleanQuery(tree, byPair),
    pairs: pairsQuery(tree),
    pairsDecide: top.every((n) => byPair.has(n)),
    anyWord: anyWordTree(tree),
    exact: plainTree(tree, byPair) ? { query: booleanQuery(tree), words: treeWords(tree) } : null,
    ...titleMatch(tree),
  };
}

const titleOnly = (n: BoolNode): boolean =>
  n.kind === "term" ? n.field === "title" : n.kind === "not" ? titleOnly(n.item) : n.items.every(titleOnly);

const withoutFields = (n: BoolNode): BoolNode =>
  n.kind === "term"
    ? { ...n, field: null }
    : n.kind === "not"
      ? { ...n, item: withoutFields(n.item) }
      : { ...n, items: n.items.map(withoutFields) };

/**
 * The title condition of a tree: the tree itself over the title's words when every term is a
 * `title:` field (those words then answer it exactly: ts_filter keeps their positions, so
 * phrases hold); otherwise titleQuery's necessary condition.
 */
function titleMatch(tree: BoolNode): Pick<MatchQuery, "titles" | "titlesDecide"> {
  if (titleOnly(tree)) return { titles: booleanQuery(withoutFields(tree)), titlesDecide: true };
  return { titles: titleQuery(tree), titlesDecide: false };
}

/**
 * What a page's title must hold for the tree to match, as tsquery text over the title's words:
 * each `title:` term's words, required wherever the term is; null when the tree requires none (no
 * title field, or one only under NOT or beside another term in an OR). A necessary condition
 * only, so the title index leaves few pages for the whole query to test; its words are joined by
 * `&`, which the GIN index answers without reading a page.
 */
export function titleQuery(n: BoolNode): string | null {
  return required(n, (t) => (t.field === "title" ? `(${t.text.split(" ").join(" & ")})` : null));
}

/**
 * What a page must hold for the tree to match, as word pairs (`fts_pairs`, revision 10): each
 * quoted phrase's adjacent words, required wherever the phrase itself is; null when the tree
 * needs no pair (no phrase, or one only under NOT or beside a plain word in an OR). A necessary
 * condition only, so the GIN index leaves few pages whose positions the full query still checks.
 */
export function pairsQuery(n: BoolNode): string | null {
  return required(n, (t) => {
    const words = t.text.split(" ");
    if (words.length < 2) return null;
    const pairs = words.slice(1).map((w, i) => `'${words[i]} ${w}'`);
    return pairs.length > 1 ? `(${pairs.join(" & ")})` : pairs[0];
  });
}

/**
 * A necessary condition of a tree as tsquery text, from what each term requires (`term`, null
 * when nothing): required wherever the term itself is, so never under NOT, and in an OR only
 * when every branch requires something.
 */
function required(n: BoolNode, term: (t: TermNode) => string | null): string | null {
  if (n.kind === "not") return null;
  if (n.kind === "term") return term(n);
  const parts = n.items.map((x) => required(x, term));
  if (n.kind === "or") return parts.every((x) => x !== null) ? `(${parts.join(" | ")})` : null;
  const needed = parts.filter((x) => x !== null);
  return needed.length ? `(${needed.join(" & ")})` : null;
}
