/**
 * The first results answer every need the query names. "lost my job, need EI" names work and
 * income; "old age pension" names income beside who it is for. Left to scores alone, the first
 * three can all answer the strongest word; here each named need's best service is moved into the
 * first three (after the lifted crisis lines and the best match overall), so none is buried.
 */
import type { QueryAnalysis } from "./analyze-query.js";
import { type ConceptScores, conceptScores } from "./concept-scores.js";
import { CATEGORIES } from "./constants.js";
import { preparedConcept } from "./prepared-concepts.js";
import type { SearchIndex } from "./search-index.js";
import type { Concept } from "./vocabulary.js";

const HEAD = 3;
/** Share of the strongest mention a service needs to stand for the concept. */
const PLAIN_SHARE = 0.5;

/** The concepts that each deserve a place in the head: the needs named, or the audiences when no need is. */
function headConcepts(analysis: QueryAnalysis) {
  const named = analysis.concepts.filter((c) => !c.crisis);
  const needs = named.filter((c) => !c.audience);
  return needs.length > 0 ? needs : named;
}

/**
 * The best-scored candidate among the services that speak of the concept most plainly (at least
 * half as strongly as the one that speaks of it most) and, when the concept has categories, are
 * in its first one; or -1.
 */
function bestFor(index: SearchIndex, concept: Concept, scores: ConceptScores, score: Float64Array): number {
  const category = concept.categories[0] ? CATEGORIES.indexOf(concept.categories[0]) : -1;
  const fits = (k: number) =>
    score[scores.ids[k]] > 0 && (category < 0 || index.category[scores.ids[k]] === category);
  let strongest = 0;
  for (let k = 0; k < scores.ids.length; k++)
    if (fits(k) && scores.values[k] > strongest) strongest = scores.values[k];
  const keys = index.sortKey;
  let best = -1;
  for (let k = 0; k < scores.ids.length; k++) {
    const i = scores.ids[k];
    if (!fits(k) || scores.values[k] < strongest * PLAIN_SHARE) continue;
    if (best < 0 || score[i] > score[best] || (score[i] === score[best] && keys[i] < keys[best])) best = i;
  }
  return best;
}

/**
 * `order` is the ranking (best first, possibly cut to a limit), its first `lifted` entries crisis
 * lines. Returns it with each head concept's best candidate within the first three.
 */
export function coverNeeds(
  index: SearchIndex,
  analysis: QueryAnalysis,
  order: number[],
  lifted: number,
  score: Float64Array,
  limit?: number,
): number[] {
  const concepts = headConcepts(analysis);
  if (concepts.length === 0 || order.length <= lifted) return order;
  const head = order.slice(0, lifted + 1);
  for (const concept of concepts) {
    if (head.length >= HEAD) break;
    const prepared = preparedConcept(concept);
    if (!prepared) continue;
    const best = bestFor(index, concept, conceptScores(index, prepared), score);
    if (best >= 0 && !head.includes(best)) head.push(best);
  }
  if (head.length === lifted + 1) return order;
  const out = [...head, ...order.filter((i) => !head.includes(i))];
  return limit !== undefined ? out.slice(0, limit) : out;
}
