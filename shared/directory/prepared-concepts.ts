/**
 * The needs vocabulary tokenised once: each concept's phrases as content tokens and its
 * word-for-word phrases; plus the set of all vocabulary tokens, used to read a misspelt word
 * ("homless", "docter") as the word it was meant to be.
 */
import { boundedEditDistance, tokenize, typoBudget } from "../text/index.js";
import { crisisWords } from "./crisis.js";
import { CONCEPTS, type Concept } from "./vocabulary.js";

export interface PreparedConcept {
  concept: Concept;
  /** Each term or need phrase as its content tokens; a match needs all of them. */
  phrases: string[][];
  /** The need phrases among `phrases`: situations ("lost my wife") rather than search words. */
  situations: Set<string[]>;
  /** Phrases that must appear word for word: their words joined by spaces, and their content tokens plus the whole wording. */
  exact: { words: string; tokens: string[] }[];
}

let prepared: PreparedConcept[] | null = null;
export function preparedConcepts(): PreparedConcept[] {
  if (prepared) return prepared;
  prepared = CONCEPTS.map((concept) => {
    const toTokens = (texts: string[]) => texts.map((t) => tokenize(t)).filter((t) => t.length > 0);
    const needs = [...concept.needs.en, ...concept.needs.fr];
    const situations = toTokens(needs.filter((t) => !t.startsWith("=")));
    const exact = needs
      .filter((t) => t.startsWith("="))
      .map((t) => {
        const words = crisisWords(t.slice(1)).join(" ");
        // The whole wording joins the tokens, so "my kids" outranks a concept that only matched "kids".
        return { words, tokens: [...tokenize(words), `=${words}`] };
      });
    const phrases = [...toTokens([...concept.terms.en, ...concept.terms.fr]), ...situations];
    return { concept, phrases, situations: new Set(situations), exact };
  });
  return prepared;
}

let byConcept: Map<Concept, PreparedConcept> | null = null;
export function preparedConcept(concept: Concept): PreparedConcept | undefined {
  byConcept ??= new Map(preparedConcepts().map((p) => [p.concept, p]));
  return byConcept.get(concept);
}

/** Shortest word that may carry a typo: below this, too many real words sit one letter apart. */
const TYPO_MIN_LENGTH = 6;

export interface ConceptVocabulary {
  /** Vocabulary tokens a query token not in the vocabulary is probably a misspelling of. */
  near(token: string): string[];
}

let vocabulary: ConceptVocabulary | null = null;
export function conceptVocabulary(): ConceptVocabulary {
  if (vocabulary) return vocabulary;
  const known = new Set<string>();
  for (const p of preparedConcepts()) for (const phrase of p.phrases) for (const t of phrase) known.add(t);
  const byInitial = new Map<string, string[]>();
  for (const t of known) {
    const list = byInitial.get(t[0]) ?? [];
    list.push(t);
    byInitial.set(t[0], list);
  }
  const cache = new Map<string, string[]>();
  vocabulary = {
    near(token) {
      if (token.length < TYPO_MIN_LENGTH || known.has(token)) return [];
      const hit = cache.get(token);
      if (hit) return hit;
      const budget = typoBudget(token.length);
      const out: string[] = [];
      for (const word of byInitial.get(token[0]) ?? []) {
        if (Math.abs(word.length - token.length) > budget) continue;
        if (boundedEditDistance(token, word, budget) <= budget) out.push(word);
      }
      if (cache.size > 5000) cache.clear();
      cache.set(token, out);
      return out;
    },
  };
  return vocabulary;
}
