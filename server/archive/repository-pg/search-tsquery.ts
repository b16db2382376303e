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
export const allOf = (tokens: readonly string[]) => tokens.join(" & ");

/** Any token as a word prefix (the fallback when no page holds every token). */
export const anyPrefix = (tokens: readonly string[]) => tokens.map((t) => `${t}:*`).join(" | ");

/** Each token by one of its spellings (fuzzy mode: the token and its near vocabulary words). */
export const eachOfAny = (alternatives: readonly string[][]) =>
  alternatives.map((alts) => `(${alts.join(" | ")})`).join(" & ");

function term(n: TermNode): string {
  const label = n.field ? `:${WEIGHT[n.field]}` : "";
  const words = n.text.split(" ").map((w) => `${w}${label}`);
  return words.length > 1 ? `(${words.join(" <-> ")})` : words[0];
}

/** A boolean tree (AND, OR, NOT, phrases, title:/url:/snippet: fields) as tsquery text. */
export function booleanQuery(n: BoolNode): string {
  if (n.kind === "term") return term(n);
  if (n.kind === "not") return `!(${booleanQuery(n.item)})`;
  return `(${n.items.map(booleanQuery).join(n.kind === "and" ? " & " : " | ")})`;
}
