/**
 * Reads a search string: which mode it asks for (newest, url, boolean, relevance) and, for
 * boolean queries, a small expression tree (AND/OR/NOT, quoted phrases, parentheses, and
 * title:/url:/snippet: field terms). Terms are FTS4 tokens; accents fold in the index.
 */
import { stripMarks } from "../../../shared/text/fold.js";
export type SearchMode =
  | "relevance_fts"
  | "relevance_fallback"
  | "relevance_fuzzy"
  | "boolean"
  | "url"
  | "newest";

export type BoolNode =
  | { kind: "term"; field: "title" | "url" | "body" | null; text: string; phrase: boolean }
  | { kind: "and" | "or"; items: BoolNode[] }
  | { kind: "not"; item: BoolNode };

const URL_LIKE = /^(https?:\/\/\S+|www\.\S+|[a-z0-9-]+(\.[a-z0-9-]+)+\.[a-z]{2,}(\/\S*)?)$/i;
const BOOLEAN_HINT = /(^|\s)(AND|OR|NOT)(\s|$)|["()]|\b(title|url|snippet):/;

export function detectMode(q: string): "newest" | "url" | "boolean" | "relevance" {
  const t = q.trim();
  if (!t) return "newest";
  if (URL_LIKE.test(t)) return "url";
  if (BOOLEAN_HINT.test(t)) return "boolean";
  return "relevance";
}

/**
 * French elided words (l', d', qu'…) and the English possessive 's. The index keeps them as words
 * of their own ("d", "s"), so a query needing them matched only pages that happen to hold that
 * letter apart, found none, and fell back to every page with a word beginning "d": the whole
 * archive for "d'enfants". PostgreSQL's French configuration drops them too.
 */
const ELISION = /(^|[^\p{L}\p{N}])(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu)['’](?=\p{L})/giu;
const POSSESSIVE = /(?<=\p{L})['’]s(?![\p{L}\p{N}])/giu;

/** Words as the index holds them, lower-cased, accents folded, FTS-safe. */
function words(text: string): string[] {
  return stripMarks(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 32);
}

/** Words of a plain query (each required), without elisions and possessives. */
export function queryTokens(q: string): string[] {
  return words(q.replace(ELISION, "$1").replace(POSSESSIVE, ""));
}

type Tok =
  | { t: "(" | ")" | "AND" | "OR" | "NOT" }
  | { t: "TERM"; field: string | null; text: string; phrase: boolean };

function lex(query: string): Tok[] {
  // A quote left open runs to the end of the query, as search engines read it; otherwise the
  // lexer stopped at it and the words after it were dropped.
  const q = (query.match(/"/g)?.length ?? 0) % 2 ? `${query}"` : query;
  const out: Tok[] = [];
  const re = /\s*(?:(\()|(\))|(?:(title|url|snippet):)?"([^"]*)"|(?:(title|url|snippet):)?([^\s()"]+))/gy;
  let m: RegExpExecArray | null;
  // biome-ignore lint/suspicious/noAssignInExpressions: lexer loop
  while ((m = re.exec(q))) {
    if (m[1]) out.push({ t: "(" });
    else if (m[2]) out.push({ t: ")" });
    else if (m[4] !== undefined) out.push({ t: "TERM", field: m[3] ?? null, text: m[4], phrase: true });
    else if (m[6]) {
      if (!m[5] && /^(AND|OR|NOT)$/.test(m[6])) out.push({ t: m[6] as "AND" | "OR" | "NOT" });
      else out.push({ t: "TERM", field: m[5] ?? null, text: m[6], phrase: false });
    }
    if (re.lastIndex >= q.length) break;
  }
  return out;
}

const fieldOf = (f: string | null) => (f === "snippet" ? "body" : (f as "title" | "url" | null));

/** Parses a boolean query; returns null when nothing searchable remains. */
export function parseBoolean(q: string): BoolNode | null {
  const toks = lex(q);
  let i = 0;
  const peek = () => toks[i];
  const parseOr = (): BoolNode | null => {
    const items: BoolNode[] = [];
    const first = parseAnd();
    if (first) items.push(first);
    while (peek()?.t === "OR") {
      i++;
      const next = parseAnd();
      if (next) items.push(next);
    }
    return items.length === 0 ? null : items.length === 1 ? items[0] : { kind: "or", items };
  };
  const parseAnd = (): BoolNode | null => {
    const items: BoolNode[] = [];
    for (;;) {
      const p = peek();
      if (!p || p.t === ")" || p.t === "OR") break;
      if (p.t === "AND") {
        i++;
        continue;
      }
      const n = parseNot();
      if (n) items.push(n);
    }
    return items.length === 0 ? null : items.length === 1 ? items[0] : { kind: "and", items };
  };
  const parseNot = (): BoolNode | null => {
    if (peek()?.t === "NOT") {
      i++;
      const inner = parseNot();
      return inner ? { kind: "not", item: inner } : null;
    }
    return parsePrimary();
  };
  const parsePrimary = (): BoolNode | null => {
    const p = toks[i++];
    if (!p) return null;
    if (p.t === "(") {
      const inner = parseOr();
      if (peek()?.t === ")") i++;
      return inner;
    }
    if (p.t === "TERM") {
      // A term of several words is a phrase, matched word after word as the index holds them:
      // "d'enfants" finds "d" right before "enfants", so its elision stays.
      const termWords = words(p.text);
      if (!termWords.length) return null;
      if (termWords.length > 1 || p.phrase)
        return { kind: "term", field: fieldOf(p.field), text: termWords.join(" "), phrase: true };
      return { kind: "term", field: fieldOf(p.field), text: termWords[0], phrase: false };
    }
    return null;
  };
  return parseOr();
}

/** The FTS4 MATCH string of one term node. */
export function termMatch(n: Extract<BoolNode, { kind: "term" }>): string {
  const body = n.phrase ? `"${n.text}"` : n.text;
  return n.field ? `${n.field}:${body}` : body;
}

/** Positive terms of a tree (for ranking and highlighting). */
export function positiveTerms(n: BoolNode | null, negated = false): Extract<BoolNode, { kind: "term" }>[] {
  if (!n) return [];
  if (n.kind === "term") return negated ? [] : [n];
  if (n.kind === "not") return positiveTerms(n.item, !negated);
  return n.items.flatMap((x) => positiveTerms(x, negated));
}
