/**
 * What the ranking's index keeps of one service: its words with the weight of the best field each
 * appears in, and the facts the ranking reads (active, category, verification, name order, help
 * line, audiences, sites where people are served, weekly schedule).
 */
import { foldAccents, tokenize } from "../text/index.js";
import { audienceMaskOf, audienceText } from "./audience.js";
import { CATEGORIES, VERIFICATION_LEVELS } from "./constants.js";
import { FIELD_WEIGHTS } from "./search-index.js";
import { helpLineOf } from "./suggestions.js";
import type { DirectoryService, Schedule } from "./types.js";
import { CATEGORY_LABELS } from "./vocabulary.js";

export interface ServiceFacts {
  /** Token → weight of the best field it appears in. */
  words: Map<string, number>;
  active: number;
  category: number;
  level: number;
  verifiedAt: number;
  sortKey: string;
  name: string;
  helpLine: number;
  audience: number;
  /** Latitude, longitude, latitude… of each site where people are served. */
  sites: number[];
  schedule: Schedule | null;
}

function raise(words: Map<string, number>, tokens: string[], weight: number) {
  for (const t of tokens) if ((words.get(t) ?? 0) < weight) words.set(t, weight);
}

/**
 * Tokens of each text seen, for one build: directories repeat themselves (the 196 seed services
 * hold 5,414 search-term phrases, 449 of them distinct; descriptions and organization names recur
 * too), and tokenising is most of the cost of building. Tokens of joined texts are the tokens of
 * each text in turn, so texts are looked up one by one.
 */
export type TokenMemo = Map<string, string[]>;

function tokensOf(memo: TokenMemo, texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    let tokens = memo.get(text);
    if (!tokens) {
      tokens = tokenize(text);
      memo.set(text, tokens);
    }
    out.push(...tokens);
  }
  return out;
}

export function serviceFacts(s: DirectoryService, memo: TokenMemo = new Map()): ServiceFacts {
  const label = CATEGORY_LABELS[s.category];
  const description = tokensOf(memo, [s.description.en, s.description.fr]);
  const tags = tokensOf(memo, s.tags);
  const names = tokenize(`${s.name.en} ${s.name.fr}`);
  const words = new Map<string, number>();
  raise(words, description, FIELD_WEIGHTS.description);
  raise(words, [...tags, ...tokensOf(memo, [label.en, label.fr, s.organizationName])], FIELD_WEIGHTS.tags);
  const terms = [...s.searchTerms.en, ...s.searchTerms.fr, ...s.synonyms.en, ...s.synonyms.fr];
  raise(words, tokensOf(memo, terms), FIELD_WEIGHTS.terms);
  raise(words, names, FIELD_WEIGHTS.name);
  return {
    words,
    active: s.status === "active" ? 1 : 0,
    category: CATEGORIES.indexOf(s.category),
    level: VERIFICATION_LEVELS.indexOf(s.verificationLevel),
    verifiedAt: s.lastVerified ? Date.parse(s.lastVerified) : Number.NaN,
    sortKey: `${foldAccents(s.name.en)}\u0000${s.id}`,
    name: s.name.en,
    helpLine: helpLineOf(s),
    audience: audienceMaskOf(
      new Set([
        ...tokenize(audienceText(`${s.name.en} ${s.name.fr}`)),
        ...tags,
        ...tokenize(audienceText(`${s.description.en} ${s.description.fr}`)),
      ]),
    ),
    sites: s.locations.flatMap((l) =>
      l.type === "physical" && l.lat !== null && l.lng !== null ? [l.lat, l.lng] : [],
    ),
    schedule: s.schedule,
  };
}
