/**
 * Reads a query the way a person writes it: its tokens, the needs it expresses (from the EN/FR
 * vocabulary, tolerating a typo in a longer word), who the help is for, and whether it signals a
 * crisis (crisis.ts). Pure and cheap; the concept tables are prepared once.
 */
import { tokenize, words } from "../text/index.js";
import { crisisWords, detectCrisis, isLineKind, type LineKind } from "./crisis.js";
import { conceptVocabulary, preparedConcepts } from "./prepared-concepts.js";
import type { Category } from "./types.js";
import { type Concept, conceptById } from "./vocabulary.js";

/** The concept that stands for each kind of crisis, added when the wording signals it. */
const CRISIS_CONCEPT: Record<LineKind, string> = {
  suicide: "suicide",
  overdose: "overdose",
  violence: "violence",
  "sexual-assault": "sexual-assault",
  "mental-health": "mental-health-crisis",
};

/** Words that ask for help without naming a need ("help", "j'ai besoin d'aide", "au secours"). */
const HELP_WORDS = new Set(["help", "helping", "aide", "aider", "aidez", "secours", "sos"]);
/** Tokens that may stand beside them in a bare request ("somebody help me", "aidez-moi svp"). */
const REQUEST_TOKENS = new Set(
  tokenize("aidez secours sos somebody someone anyone anybody svp pls plz quelqu un urgently"),
);

/**
 * A request for help that names no need: all its words are help words and stop words. Such a
 * query gets the general help lines (211, then 811) as real results, not as a fallback.
 */
function isBareHelpRequest(query: string, tokens: string[]): boolean {
  return words(query).some((w) => HELP_WORDS.has(w)) && tokens.every((t) => REQUEST_TOKENS.has(t));
}

export interface QueryAnalysis {
  tokens: string[];
  /** Needs first, then audiences; each concept once. */
  concepts: Concept[];
  /** Every category the concepts point to, primary ones first, without repeats. */
  categories: Category[];
  /** The categories that answer what is asked: the needs' first categories, or the audiences' when no need is named. */
  primaryCategories: Category[];
  /**
   * Query tokens that only describe a situation a matched need names ("lost", "wife" in "lost my
   * wife"): the need stands for them, so they count little as search words.
   */
  situational: Set<string>;
  /** Per matched concept, how many of the query's search words (not situational ones) it explains. */
  explained: Map<Concept, number>;
  /** Concepts naming a need (not only who it is for) other than a crisis. */
  needsBesideCrisis: number;
  /** A crisis a crisis line answers; a night without shelter is searched as the shelter need it is. */
  crisis: boolean;
  crisisKinds: LineKind[];
  /** A request for help naming no need ("help", "I need help", "j'ai besoin d'aide"), not a crisis. */
  generalHelp: boolean;
}

/** Query tokens plus the vocabulary words they are one or two typos away from. */
function presentTokens(tokens: string[]): Set<string> {
  const present = new Set(tokens);
  const vocabulary = conceptVocabulary();
  for (const t of tokens) for (const near of vocabulary.near(t)) present.add(near);
  return present;
}

interface Match {
  concept: Concept;
  /** The content tokens of each phrase that matched (none for some concepts crisis detection added). */
  phrases: string[][];
  /** Which of those phrases were search terms rather than situations. */
  terms: string[][];
  /** Signalled by crisis detection: kept even when its words are part of a longer phrase. */
  signalled: boolean;
}

/** A concept is dropped when every phrase it matched is part of a longer phrase another concept matched ("pension" in "pension alimentaire"). */
function subsumed(m: Match, all: Match[]): boolean {
  if (m.signalled || m.phrases.length === 0) return false;
  return m.phrases.every((phrase) =>
    all.some(
      (other) =>
        other !== m &&
        other.phrases.some(
          (longer) => longer.length > phrase.length && phrase.every((t) => longer.includes(t)),
        ),
    ),
  );
}

export function analyzeQuery(query: string): QueryAnalysis {
  const tokens = [...new Set(tokenize(query))];
  const present = presentTokens(tokens);
  const wordsLine = ` ${crisisWords(query).join(" ")} `;
  const crisisKinds = detectCrisis(query).filter(isLineKind);
  const crisisIds = new Set(crisisKinds.map((k) => CRISIS_CONCEPT[k]));
  const matches: Match[] = [];
  for (const p of preparedConcepts()) {
    const phrases = p.phrases.filter((phrase) => phrase.every((t) => present.has(t)));
    const terms = phrases.filter((phrase) => !p.situations.has(phrase));
    for (const exact of p.exact) if (wordsLine.includes(` ${exact.words} `)) phrases.push(exact.tokens);
    const signalled = crisisIds.has(p.concept.id);
    if (signalled || phrases.length > 0) matches.push({ concept: p.concept, phrases, terms, signalled });
  }
  const kept = matches.filter((m) => !subsumed(m, matches));
  const generalHelp = crisisKinds.length === 0 && isBareHelpRequest(query, tokens);
  const helpConcept = conceptById("general-help");
  if (generalHelp && helpConcept && !kept.some((m) => m.concept === helpConcept))
    kept.push({ concept: helpConcept, phrases: [], terms: [], signalled: false });
  kept.sort((a, b) => Number(a.concept.audience ?? false) - Number(b.concept.audience ?? false));
  const concepts = kept.map((m) => m.concept);
  const searchWords = new Set(kept.flatMap((m) => m.terms.flat()));
  const situational = new Set(
    tokens.filter((t) => !searchWords.has(t) && kept.some((m) => m.phrases.some((p) => p.includes(t)))),
  );
  const needs = concepts.filter((c) => !c.audience && c.categories.length > 0);
  const primaryCategories = [
    ...new Set((needs.length > 0 ? needs : concepts).flatMap((c) => c.categories.slice(0, 1))),
  ];
  const categories: Category[] = [...primaryCategories];
  for (let i = 0; i < 3; i++) {
    for (const c of concepts) {
      const cat = c.categories[i];
      if (cat && !categories.includes(cat)) categories.push(cat);
    }
  }
  return {
    tokens,
    concepts,
    categories,
    primaryCategories,
    situational,
    explained: new Map(
      kept.map((m) => [
        m.concept,
        tokens.filter((t) => !situational.has(t) && m.phrases.some((p) => p.includes(t))).length,
      ]),
    ),
    needsBesideCrisis: concepts.filter((c) => !c.audience && !c.crisis).length,
    crisis: crisisKinds.length > 0,
    crisisKinds,
    generalHelp,
  };
}

/** Concepts whose wording is closest to a query that matched nothing, by shared character trigrams. */
export function closestConcepts(query: string, max = 2): Concept[] {
  const grams = (s: string) => {
    const out = new Set<string>();
    const padded = ` ${s} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
    return out;
  };
  const qTokens = tokenize(query);
  if (qTokens.length === 0) return [];
  const scored = preparedConcepts().map((p) => {
    let best = 0;
    for (const q of qTokens) {
      const qg = grams(q);
      for (const phrase of p.phrases) {
        for (const t of phrase) {
          const tg = grams(t);
          let shared = 0;
          for (const g of qg) if (tg.has(g)) shared++;
          best = Math.max(best, shared / (qg.size + tg.size - shared));
        }
      }
    }
    return { concept: p.concept, best };
  });
  return scored
    .filter((s) => s.best >= 0.25)
    .sort((a, b) => b.best - a.best)
    .slice(0, max)
    .map((s) => s.concept);
}
