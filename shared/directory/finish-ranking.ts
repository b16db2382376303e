/**
 * The second half of a ranking: category boosts, filters, trust, distance and audience factors
 * over the services the words touched; then the crisis lines lifted first, the order, and each
 * named need's best service brought into the first three.
 */
import type { QueryAnalysis } from "./analyze-query.js";
import { audienceFit, queryAudiences, RELEVANCE_MATCH, RELEVANCE_OTHER } from "./audience.js";
import { CATEGORIES, VERIFICATION_LEVELS } from "./constants.js";
import { coverNeeds } from "./cover-needs.js";
import { crisisLift } from "./crisis-lift.js";
import { openNowChecker } from "./hours.js";
import type { Scratch } from "./rank.js";
import { distanceTo, roundKm, trustFactor } from "./rank-factors.js";
import { type SearchIndex, scheduleAt } from "./search-index.js";
import { generalHelpLines, suggestFallback } from "./suggestions.js";
import type { Category, IndexRankResult, RankedPosition, RankOptions } from "./types.js";

const PRIMARY_CATEGORY_BOOST = 14;
const SECONDARY_CATEGORY_BOOST = 5;
/** Crisis lines lifted above everything: two when the crisis is all the query says, one beside another need. */
const CRISIS_LIFT_ALONE = 2;
const CRISIS_LIFT_BESIDE_NEED = 1;

const categoryCode = (c: Category) => CATEGORIES.indexOf(c);

export function finishRanking(
  index: SearchIndex,
  analysis: QueryAnalysis,
  touched: number[],
  { scores, hits, finalScore, distance }: Scratch,
  query: string,
  options: RankOptions,
  now: Date,
): IndexRankResult {
  const nowMs = now.getTime();
  const primary = new Set(analysis.primaryCategories.map(categoryCode));
  const secondary = new Set(analysis.categories.map(categoryCode));
  const only = options.category ? categoryCode(options.category) : -1;
  const checker = openNowChecker(now);
  const openNow = (i: number) => checker(scheduleAt(index, i));
  const tokenCount = analysis.tokens.length - analysis.situational.size;
  const serviceMasks = index.audience;
  const queryMask = queryAudiences(analysis.concepts);
  /** Distance in km (NaN when unlocated), or null when a filter excludes the service. */
  const admit = (i: number): number | null => {
    if (index.active[i] !== 1) return null;
    if (only >= 0 && index.category[i] !== only) return null;
    const km = options.location ? distanceTo(index, i, options.location) : null;
    if (options.radiusKm !== undefined && km !== null && km > options.radiusKm) return null;
    if (options.openNow && openNow(i) !== true) return null;
    return km ?? Number.NaN;
  };
  /**
   * Crisis lines pass the category and distance filters: a person who signals danger while a
   * filter is set (food, "near me") still gets the line first. Only a line known to be closed now
   * is left out when "open now" is asked. Most lines serve by phone and have no site: their
   * distance is unknown (NaN), never a reason to leave them out.
   */
  const admitCrisis = (i: number): number | null => {
    if (index.active[i] !== 1) return null;
    if (options.openNow && openNow(i) === false) return null;
    return (options.location ? distanceTo(index, i, options.location) : null) ?? Number.NaN;
  };
  // First pass: numbers only (no objects), so a broad query over 10,000 services stays cheap.
  const candidates: number[] = [];
  let top = 0;
  for (const i of touched) {
    if (index.active[i] !== 1) continue;
    if (only >= 0 && index.category[i] !== only) continue;
    let score = scores[i];
    if (tokenCount > 0) score *= 0.4 + (0.6 * Math.min(hits[i], tokenCount)) / tokenCount;
    if (primary.has(index.category[i])) score += PRIMARY_CATEGORY_BOOST;
    else if (secondary.has(index.category[i])) score += SECONDARY_CATEGORY_BOOST;
    if (score <= 0) continue;
    const km = admit(i);
    if (km === null) continue;
    score *= trustFactor(VERIFICATION_LEVELS[index.level[i]], index.verifiedAt[i], nowMs);
    score *= audienceFit(serviceMasks[i], queryMask, RELEVANCE_MATCH, RELEVANCE_OTHER);
    if (!Number.isNaN(km)) score *= 1 + 0.25 * Math.max(0, 1 - km / 50);
    finalScore[i] = Math.round(score * 1000) / 1000;
    distance[i] = km;
    candidates.push(i);
    if (finalScore[i] > top) top = finalScore[i];
  }
  const lifted = analysis.crisis
    ? liftCrisisLines(index, analysis, touched, candidates, top, admitCrisis, finalScore, distance)
    : analysis.generalHelp
      ? liftLines(generalHelpLines(index), touched, candidates, top, admit, finalScore, distance)
      : 0;
  if (candidates.length === 0) return suggestFallback(index, query, options, now);
  const sorted = sortTop(candidates, finalScore, index.sortKey, options.limit);
  const order = coverNeeds(index, analysis, sorted, lifted, finalScore, options.limit);
  const results: RankedPosition[] = order.map((i) => ({
    position: i,
    score: finalScore[i],
    distanceKm: Number.isNaN(distance[i]) ? null : roundKm(distance[i]),
    openNow: openNow(i),
    suggestion: false,
  }));
  return {
    mode: analysis.crisis ? "crisis" : "match",
    results,
    total: candidates.length,
    categories: analysis.categories,
  };
}

/** Scores the lifted crisis lines just above the best match, in lift order, adding any the words missed. */
function liftCrisisLines(
  index: SearchIndex,
  analysis: QueryAnalysis,
  touched: number[],
  candidates: number[],
  top: number,
  admit: (i: number) => number | null,
  finalScore: Float64Array,
  distance: Float64Array,
): number {
  const count = analysis.needsBesideCrisis > 0 ? CRISIS_LIFT_BESIDE_NEED : CRISIS_LIFT_ALONE;
  const queryMask = queryAudiences(analysis.concepts);
  const lines = crisisLift(index, analysis.crisisKinds, queryMask, count, (i) => admit(i) !== null);
  return liftLines(lines, touched, candidates, top, admit, finalScore, distance);
}

/**
 * Scores the given lines just above the best match, in their order, adding any the words missed;
 * lines a filter leaves out are skipped. Returns how many were lifted.
 */
function liftLines(
  lines: readonly number[],
  touched: number[],
  candidates: number[],
  top: number,
  admit: (i: number) => number | null,
  finalScore: Float64Array,
  distance: Float64Array,
): number {
  const lifted = lines.filter((i) => admit(i) !== null);
  lifted.forEach((i, rank) => {
    if (finalScore[i] === 0) {
      // Not matched by the words: becomes a candidate, and is cleared with the touched ones afterwards.
      if (!touched.includes(i)) touched.push(i);
      candidates.push(i);
      distance[i] = admit(i) ?? Number.NaN;
    }
    finalScore[i] = Math.round(top) + lifted.length - rank;
  });
  return lifted.length;
}

/**
 * Orders by score, then English name, then id: a total order so online and offline agree exactly.
 * With `limit`, only the candidates that can reach the first `limit` places are sorted.
 */
function sortTop(candidates: number[], score: Float64Array, keys: string[], limit?: number): number[] {
  let order = candidates;
  if (limit !== undefined && candidates.length > limit * 2) {
    const scores = Float64Array.from(candidates, (i) => score[i]).sort();
    const threshold = scores[scores.length - Math.max(1, limit)];
    order = candidates.filter((i) => score[i] >= threshold);
  }
  order.sort((a, b) => score[b] - score[a] || (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  return limit !== undefined ? order.slice(0, limit) : order;
}
