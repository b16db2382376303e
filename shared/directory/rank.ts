/**
 * The directory ranking, run identically by the server and by the offline web app:
 * `rankServices(services, query, options)` is a pure function over plain service objects;
 * `rankIndex(index, query, options)` ranks over a prepared index (index-builder.ts) alone, giving
 * positions in it, which is how the offline app ranks without reading its saved records.
 *
 * Score = text relevance (field weight × match quality × idf, per query word, best expansion;
 *           words that only describe a named need's situation count little)
 *         + needs-vocabulary expansion (each matched concept's best term, at a lower weight)
 *         + category boosts for the needs the wording expresses,
 *         scaled by coverage (share of query words found), verification, freshness, proximity
 *         and audience (a service for another group than the one the query names weighs less).
 * Then (finish-ranking.ts): a crisis signal (crisis.ts) puts one or two crisis lines of the right
 * kind first (crisis-lift.ts) and keeps the rest in relevance order, and each named need's best
 * service is brought into the first three (cover-needs.ts). No query comes back empty: see
 * suggestions. Only services the query touches are scored, with typed arrays, so 10,000 services
 * rank in a few ms.
 */
import { analyzeQuery } from "./analyze-query.js";
import { conceptScores } from "./concept-scores.js";
import { expandToken } from "./expand-token.js";
import { finishRanking } from "./finish-ranking.js";
import { indexFor } from "./index-builder.js";
import { preparedConcept } from "./prepared-concepts.js";
import { indexSize, type SearchIndex, tokenNumber } from "./search-index.js";
import type { DirectoryService, IndexRankResult, RankOptions, RankResult } from "./types.js";

const EXPANSION_FACTOR = 0.45;
/** Weight of a word that only describes the situation of a need the query names (see analyze-query). */
const SITUATION_FACTOR = 0.3;

/**
 * Scratch arrays for ranking passes over one index, reused between calls (allocating six arrays of
 * 10,000 numbers per query would keep the garbage collector busy). Every pass leaves them zeroed.
 */
export interface Scratch {
  scores: Float64Array;
  hits: Uint16Array;
  best: Float64Array;
  seen: Uint8Array;
  finalScore: Float64Array;
  distance: Float64Array;
}
const scratchByIndex = new WeakMap<SearchIndex, Scratch>();
function scratchFor(index: SearchIndex): Scratch {
  let s = scratchByIndex.get(index);
  if (!s) {
    const n = indexSize(index);
    s = {
      scores: new Float64Array(n),
      hits: new Uint16Array(n),
      best: new Float64Array(n),
      seen: new Uint8Array(n),
      finalScore: new Float64Array(n),
      distance: new Float64Array(n),
    };
    scratchByIndex.set(index, s);
  }
  return s;
}

/**
 * Best value per service over the given (word, quality) pairs, written into `best` for the ids
 * listed in `ids` (cleared by the caller). Returns the ids that got a value.
 */
function bestOver(
  index: SearchIndex,
  words: Array<{ token: string; quality: number }>,
  factor: number,
  best: Float64Array,
  ids: number[],
) {
  for (const { token, quality } of words) {
    const t = tokenNumber(index, token);
    if (t < 0) continue;
    const w = quality * index.idf[t] * factor;
    for (let k = index.postingStart[t]; k < index.postingStart[t + 1]; k++) {
      const id = index.postingIds[k];
      const v = w * index.postingWeights[k];
      if (best[id] === 0) ids.push(id);
      if (best[id] < v) best[id] = v;
    }
  }
}

export function rankServices(
  services: readonly DirectoryService[],
  query: string,
  options: RankOptions = {},
): RankResult {
  const { results, ...rest } = rankIndex(indexFor(services), query, options);
  return { ...rest, results: results.map(({ position, ...r }) => ({ service: services[position], ...r })) };
}

export function rankIndex(index: SearchIndex, query: string, options: RankOptions = {}): IndexRankResult {
  const now = options.now ?? new Date();
  const analysis = analyzeQuery(query);
  const scratch = scratchFor(index);
  const { scores, hits, best, seen, finalScore, distance } = scratch;
  const touched: number[] = [];
  const ids: number[] = [];
  const collect = (countHit: boolean) => {
    for (const id of ids) {
      scores[id] += best[id];
      if (countHit) hits[id]++;
      if (seen[id] === 0) {
        seen[id] = 1;
        touched.push(id);
      }
      best[id] = 0;
    }
    ids.length = 0;
  };
  for (const t of analysis.tokens) {
    const situational = analysis.situational.has(t);
    bestOver(index, expandToken(index, t), situational ? SITUATION_FACTOR : 1, best, ids);
    collect(!situational);
  }
  // Each matched concept adds the service's best-matching term once, so a service is not rewarded
  // for merely listing many of a concept's words.
  for (const concept of analysis.concepts) {
    const prepared = preparedConcept(concept);
    if (!prepared) continue;
    const { ids: conceptIds, values } = conceptScores(index, prepared);
    // A service that speaks of the need covers the query words the need explains ("crying" for distress).
    const explained = analysis.explained.get(concept) ?? 0;
    for (let k = 0; k < conceptIds.length; k++) {
      const id = conceptIds[k];
      scores[id] += values[k] * EXPANSION_FACTOR;
      hits[id] += explained;
      if (seen[id] === 0) {
        seen[id] = 1;
        touched.push(id);
      }
    }
  }
  try {
    return finishRanking(index, analysis, touched, scratch, query, options, now);
  } finally {
    for (const i of touched) {
      scores[i] = 0;
      hits[i] = 0;
      seen[i] = 0;
      finalScore[i] = 0;
      distance[i] = 0;
    }
  }
}
