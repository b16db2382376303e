/**
 * What the ranking's index keeps of one service: its words with the weight of the best field each
 * appears in, and the facts the ranking reads (active, category, verification, name order, help
 * line, audiences, sites where people are served, weekly schedule).
 */
import { foldAccents, tokenize } from "../text/index.js";
import { audienceMaskOf } from "./audience.js";
import { CATEGORIES, VERIFICATION_LEVELS } from "./schemas.js";
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

export function serviceFacts(s: DirectoryService): ServiceFacts {
  const label = CATEGORY_LABELS[s.category];
  const description = tokenize(`${s.description.en} ${s.description.fr}`);
  const tags = tokenize(s.tags.join(" "));
  const names = tokenize(`${s.name.en} ${s.name.fr}`);
  const words = new Map<string, number>();
  raise(words, description, FIELD_WEIGHTS.description);
  raise(words, [...tags, ...tokenize(`${label.en} ${label.fr} ${s.organizationName}`)], FIELD_WEIGHTS.tags);
  const terms = [...s.searchTerms.en, ...s.searchTerms.fr, ...s.synonyms.en, ...s.synonyms.fr].join(" ");
  raise(words, tokenize(terms), FIELD_WEIGHTS.terms);
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
    audience: audienceMaskOf(new Set([...names, ...tags, ...description])),
    sites: s.locations.flatMap((l) =>
      l.type === "physical" && l.lat !== null && l.lng !== null ? [l.lat, l.lng] : [],
    ),
    schedule: s.schedule,
  };
}
