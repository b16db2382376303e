/**
 * The directory ranking, run identically by the server and by the offline web app:
 * `rankServices(services, query, options)` is a pure function over plain service objects.
 *
 * Score = text relevance (field weight × match quality × idf, per query word, best expansion)
 *         + needs-vocabulary expansion (each matched concept's best term, at a lower weight)
 *         + category boosts for the needs the wording expresses,
 *         scaled by coverage (share of query words found), verification, freshness and proximity.
 * A crisis signal puts crisis-category services first. No query comes back empty: see suggestions.
 * Only services the query touches are scored, with typed arrays, so 10,000 services rank in a few ms.
 */
import { haversineKm } from "../geo/index.js";
import { analyzeQuery, type QueryAnalysis } from "./analyze-query.js";
import { expandToken } from "./expand-token.js";
import { openNowChecker } from "./hours.js";
import { indexFor, type SearchIndex } from "./search-index.js";
import { suggestFallback } from "./suggestions.js";
import type { DirectoryService, RankedService, RankOptions, RankResult } from "./types.js";

const EXPANSION_FACTOR = 0.45;
const PRIMARY_CATEGORY_BOOST = 14;
const SECONDARY_CATEGORY_BOOST = 5;
const CRISIS_BOOST = 1000;
const DAY_MS = 86_400_000;
const LEVEL_FACTOR = { L0: 0.95, L1: 1, L2: 1.04, L3: 1.08 } as const;

/** Nearest site where people are served, in km; null for phone-only, virtual or postal-only services. */
export function nearestKm(service: DirectoryService, from: { lat: number; lng: number }): number | null {
  let best: number | null = null;
  for (const loc of service.locations) {
    if (loc.type !== "physical" || loc.lat === null || loc.lng === null) continue;
    const d = haversineKm(from, { lat: loc.lat, lng: loc.lng });
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Distance to a service's nearest site using the index's precomputed coordinates (one site: no object walk). */
function distanceTo(index: SearchIndex, i: number, from: { lat: number; lng: number }): number | null {
  const count = index.siteCount[i];
  if (count === 0) return null;
  if (count > 1) return nearestKm(index.services[i], from);
  return haversineKm(from, { lat: index.siteLat[i], lng: index.siteLng[i] });
}

/** Multiplier for how far a record can be trusted: verification level and how recently it was checked. */
export function trustFactor(
  level: DirectoryService["verificationLevel"],
  verifiedAtMs: number,
  nowMs: number,
): number {
  if (Number.isNaN(verifiedAtMs)) return LEVEL_FACTOR[level] * 0.97;
  const ageDays = (nowMs - verifiedAtMs) / DAY_MS;
  const freshness = ageDays <= 180 ? 1.04 : ageDays <= 365 ? 1.02 : ageDays <= 730 ? 1 : 0.96;
  return LEVEL_FACTOR[level] * freshness;
}

/**
 * Scratch arrays for ranking passes over one index, reused between calls (allocating six arrays of
 * 10,000 numbers per query would keep the garbage collector busy). Every pass leaves them zeroed.
 */
interface Scratch {
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
    const n = index.services.length;
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
    const p = index.postings.get(token);
    if (!p) continue;
    const w = quality * (index.idf.get(token) ?? 1) * factor;
    for (let k = 0; k < p.ids.length; k++) {
      const id = p.ids[k];
      const v = w * p.weights[k];
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
  const now = options.now ?? new Date();
  const index = indexFor(services);
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
    bestOver(index, expandToken(index, t), 1, best, ids);
    collect(true);
  }
  // Each matched concept adds its best-matching term once (exact words only), so a service is not
  // rewarded for merely listing many of a concept's words.
  for (const tokens of analysis.expansions) {
    bestOver(
      index,
      tokens.map((token) => ({ token, quality: 1 })),
      EXPANSION_FACTOR,
      best,
      ids,
    );
    collect(false);
  }
  try {
    return finishRanking(services, index, analysis, touched, scratch, query, options, now);
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

function finishRanking(
  services: readonly DirectoryService[],
  index: SearchIndex,
  analysis: QueryAnalysis,
  touched: number[],
  { scores, hits, finalScore, distance }: Scratch,
  query: string,
  options: RankOptions,
  now: Date,
): RankResult {
  const nowMs = now.getTime();
  const primary = new Set(analysis.concepts.map((c) => c.categories[0]));
  const secondary = new Set(analysis.categories);
  const openNow = openNowChecker(now);
  const tokenCount = analysis.tokens.length;
  // First pass: numbers only (no objects), so a broad query over 10,000 services stays cheap.
  const candidates: number[] = [];
  for (const i of touched) {
    const s = services[i];
    if (s.status !== "active") continue;
    if (options.category && s.category !== options.category) continue;
    let score = scores[i];
    if (tokenCount > 0) score *= 0.4 + (0.6 * hits[i]) / tokenCount;
    if (primary.has(s.category)) score += PRIMARY_CATEGORY_BOOST;
    else if (secondary.has(s.category)) score += SECONDARY_CATEGORY_BOOST;
    if (score <= 0) continue;
    const km = options.location ? distanceTo(index, i, options.location) : null;
    if (options.radiusKm !== undefined && km !== null && km > options.radiusKm) continue;
    if (options.openNow && openNow(s.schedule) !== true) continue;
    score *= trustFactor(s.verificationLevel, index.verifiedAt[i], nowMs);
    if (km !== null) score *= 1 + 0.25 * Math.max(0, 1 - km / 50);
    if (analysis.crisis && s.category === "crisis") score += CRISIS_BOOST;
    finalScore[i] = Math.round(score * 1000) / 1000;
    distance[i] = km === null ? Number.NaN : km;
    candidates.push(i);
  }
  if (candidates.length === 0) return suggestFallback(services, query, options, now);
  const order = sortTop(candidates, finalScore, index.sortKey, options.limit);
  const results: RankedService[] = order.map((i) => ({
    service: services[i],
    score: finalScore[i],
    distanceKm: Number.isNaN(distance[i]) ? null : roundKm(distance[i]),
    openNow: openNow(services[i].schedule),
    suggestion: false,
  }));
  return {
    mode: analysis.crisis ? "crisis" : "match",
    results,
    total: candidates.length,
    categories: analysis.categories,
  };
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

export function roundKm(km: number | null): number | null {
  return km === null ? null : Math.round(km * 100) / 100;
}
