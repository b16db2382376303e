/**
 * How strongly each service speaks of a need, for query expansion: for a concept, each service's
 * best term, where a term of several words counts only when the service has all of them ("ontario
 * works" is not every service that mentions Ontario). Worked out once per service list and concept,
 * so a query naming a need costs one pass over the services that mention it.
 */
import { tokenize } from "../text/index.js";
import type { PreparedConcept } from "./prepared-concepts.js";
import { type SearchIndex, tokenNumber } from "./search-index.js";

export interface ConceptScores {
  ids: Int32Array;
  values: Float64Array;
}

const byIndex = new WeakMap<SearchIndex, Map<PreparedConcept, ConceptScores>>();

/** Field weight of `token` per service position, for the services that have it. */
function weightsOf(index: SearchIndex, token: string): Map<number, number> | null {
  const t = tokenNumber(index, token);
  if (t < 0) return null;
  const out = new Map<number, number>();
  for (let k = index.postingStart[t]; k < index.postingStart[t + 1]; k++)
    out.set(index.postingIds[k], index.postingWeights[k]);
  return out;
}

/** A token's rarity (1 for a token no service has). */
const idfOf = (index: SearchIndex, token: string) => {
  const t = tokenNumber(index, token);
  return t < 0 ? 1 : index.idf[t];
};

function compute(index: SearchIndex, concept: PreparedConcept): ConceptScores {
  const best = new Map<number, number>();
  const texts = [...concept.concept.terms.en, ...concept.concept.terms.fr];
  if (concept.concept.answers) texts.push(...concept.concept.answers.en, ...concept.concept.answers.fr);
  const terms = new Set(texts.map((t) => tokenize(t).join(" ")).filter((t) => t.length > 0));
  for (const term of terms) {
    const tokens = term.split(" ");
    const maps = tokens.map((t) => weightsOf(index, t));
    if (maps.some((m) => m === null)) continue;
    const present = maps as Map<number, number>[];
    // A term is one unit of meaning: its words' mean rarity, so long terms do not outweigh short ones.
    const idf = tokens.reduce((sum, t) => sum + idfOf(index, t), 0) / tokens.length;
    // Walk the rarest word's services; a service counts at its weakest field for the term.
    const rarest = present.reduce((a, b) => (a.size <= b.size ? a : b));
    for (const [id] of rarest) {
      let weight = Number.POSITIVE_INFINITY;
      for (const m of present) weight = Math.min(weight, m.get(id) ?? 0);
      const value = weight * idf;
      if (value > (best.get(id) ?? 0)) best.set(id, value);
    }
  }
  return { ids: Int32Array.from(best.keys()), values: Float64Array.from(best.values()) };
}

export function conceptScores(index: SearchIndex, concept: PreparedConcept): ConceptScores {
  let perConcept = byIndex.get(index);
  if (!perConcept) {
    perConcept = new Map();
    byIndex.set(index, perConcept);
  }
  let scores = perConcept.get(concept);
  if (!scores) {
    scores = compute(index, concept);
    perConcept.set(concept, scores);
  }
  return scores;
}
