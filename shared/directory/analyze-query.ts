/**
 * Reads a query the way a person writes it: tokens, the needs it expresses (from the EN/FR
 * vocabulary) and whether it signals a crisis. Pure and cheap; the concept tables are tokenised once.
 */
import { tokenize } from "../text/index.js";
import type { Category } from "./types.js";
import { CONCEPTS, type Concept } from "./vocabulary.js";

interface PreparedConcept {
  concept: Concept;
  /** Each term or need phrase as its content tokens; a match needs all of them. */
  phrases: string[][];
  /** Every token of the concept's terms, used to expand the query. */
  expansion: string[];
}

let prepared: PreparedConcept[] | null = null;
function preparedConcepts(): PreparedConcept[] {
  if (prepared) return prepared;
  prepared = CONCEPTS.map((concept) => {
    const phrases: string[][] = [];
    for (const text of [...concept.terms.en, ...concept.terms.fr, ...concept.needs.en, ...concept.needs.fr]) {
      const tokens = tokenize(text);
      if (tokens.length > 0) phrases.push(tokens);
    }
    const expansion = [...new Set([...concept.terms.en, ...concept.terms.fr].flatMap((t) => tokenize(t)))];
    return { concept, phrases, expansion };
  });
  return prepared;
}

export interface QueryAnalysis {
  tokens: string[];
  concepts: Concept[];
  /** Per matched concept, its term tokens not already in the query, searched at a lower weight. */
  expansions: string[][];
  categories: Category[];
  crisis: boolean;
}

export function analyzeQuery(query: string): QueryAnalysis {
  const tokens = [...new Set(tokenize(query))];
  const present = new Set(tokens);
  const concepts: Concept[] = [];
  const expansions: string[][] = [];
  for (const p of preparedConcepts()) {
    if (!p.phrases.some((phrase) => phrase.every((t) => present.has(t)))) continue;
    concepts.push(p.concept);
    expansions.push(p.expansion.filter((t) => !present.has(t)));
  }
  const categories: Category[] = [];
  // Primary categories first, then secondary ones, without repeats.
  for (let i = 0; i < 3; i++) {
    for (const c of concepts) {
      const cat = c.categories[i];
      if (cat && !categories.includes(cat)) categories.push(cat);
    }
  }
  return { tokens, concepts, expansions, categories, crisis: concepts.some((c) => c.crisis) };
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
