/**
 * The directory ranking, run identically by the server and by the offline web app:
 * `rankServices(services, query, options)` is a pure function over plain service objects.
 *
 * Score = text relevance (field weight × match quality × idf, per query word, best expansion)
 *         + needs-vocabulary boosts (categories the wording points to)
 *         scaled by coverage (share of query words found), verification, freshness and proximity.
 * A crisis signal puts crisis-category services first. No query comes back empty: see suggestions.
 */
import { haversineKm } from "../geo/index.js";
import { analyzeQuery } from "./analyze-query.js";
import { expandToken } from "./expand-token.js";
import { isOpenAt } from "./hours.js";
import { indexFor, type SearchIndex } from "./search-index.js";
import { suggestFallback } from "./suggestions.js";
import type { DirectoryService, RankedService, RankOptions, RankResult } from "./types.js";

const EXPANSION_FACTOR = 0.45;
const PRIMARY_CATEGORY_BOOST = 14;
const SECONDARY_CATEGORY_BOOST = 5;
const CRISIS_BOOST = 1000;
const DAY_MS = 86_400_000;

/** Nearest located site of a service, in km; null for phone-only or virtual services. */
export function nearestKm(service: DirectoryService, from: { lat: number; lng: number }): number | null {
  let best: number | null = null;
  for (const loc of service.locations) {
    if (loc.type !== "physical" || loc.lat === null || loc.lng === null) continue;
    const d = haversineKm(from, { lat: loc.lat, lng: loc.lng });
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Multiplier for how much a record can be trusted: verification level and how recently it was checked. */
export function trustFactor(service: DirectoryService, now: Date): number {
  const level = { L0: 0.95, L1: 1, L2: 1.04, L3: 1.08 }[service.verificationLevel];
  if (!service.lastVerified) return level * 0.97;
  const ageDays = (now.getTime() - Date.parse(service.lastVerified)) / DAY_MS;
  const freshness = ageDays <= 180 ? 1.04 : ageDays <= 365 ? 1.02 : ageDays <= 730 ? 1 : 0.96;
  return level * freshness;
}

/** Adds, per service, the best score any expansion of `token` earns there. */
function accumulate(
  index: SearchIndex,
  token: string,
  factor: number,
  scores: Float64Array,
  hits: Uint16Array | null,
) {
  const best = new Map<number, number>();
  for (const { token: word, quality } of expandToken(index, token)) {
    const p = index.postings.get(word);
    if (!p) continue;
    const w = quality * (index.idf.get(word) ?? 1) * factor;
    for (let k = 0; k < p.ids.length; k++) {
      const v = w * p.weights[k];
      const id = p.ids[k];
      if ((best.get(id) ?? 0) < v) best.set(id, v);
    }
  }
  for (const [id, v] of best) {
    scores[id] += v;
    if (hits) hits[id]++;
  }
}

/** Like accumulate, but keeps the best value per service instead of adding. */
function accumulateMax(index: SearchIndex, token: string, factor: number, best: Float64Array) {
  for (const { token: word, quality } of expandToken(index, token)) {
    const p = index.postings.get(word);
    if (!p) continue;
    const w = quality * (index.idf.get(word) ?? 1) * factor;
    for (let k = 0; k < p.ids.length; k++) {
      const v = w * p.weights[k];
      if (best[p.ids[k]] < v) best[p.ids[k]] = v;
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
  const n = services.length;
  const scores = new Float64Array(n);
  const hits = new Uint16Array(n);
  for (const t of analysis.tokens) accumulate(index, t, 1, scores, hits);
  // Each matched concept adds its best-matching term once, so a service is not rewarded for merely
  // listing many of a concept's words.
  for (const tokens of analysis.expansions) {
    const perConcept = new Float64Array(n);
    for (const t of tokens) accumulateMax(index, t, EXPANSION_FACTOR, perConcept);
    for (let i = 0; i < n; i++) scores[i] += perConcept[i];
  }

  const primary = new Set(analysis.concepts.map((c) => c.categories[0]));
  const secondary = new Set(analysis.categories);
  const results: RankedService[] = [];
  for (let i = 0; i < n; i++) {
    const s = services[i];
    if (s.status !== "active") continue;
    if (options.category && s.category !== options.category) continue;
    let score = scores[i];
    if (analysis.tokens.length > 0) score *= 0.4 + (0.6 * hits[i]) / analysis.tokens.length;
    if (primary.has(s.category)) score += PRIMARY_CATEGORY_BOOST;
    else if (secondary.has(s.category)) score += SECONDARY_CATEGORY_BOOST;
    if (score <= 0) continue;
    const distanceKm = options.location ? nearestKm(s, options.location) : null;
    if (options.radiusKm !== undefined && distanceKm !== null && distanceKm > options.radiusKm) continue;
    const openNow = isOpenAt(s.schedule, now);
    if (options.openNow && openNow !== true) continue;
    score *= trustFactor(s, now);
    if (distanceKm !== null) score *= 1 + 0.25 * Math.max(0, 1 - distanceKm / 50);
    if (analysis.crisis && s.category === "crisis") score += CRISIS_BOOST;
    results.push({
      service: s,
      score: Math.round(score * 1000) / 1000,
      distanceKm: roundKm(distanceKm),
      openNow,
      suggestion: false,
    });
  }
  results.sort(compareRanked);
  if (results.length === 0) return suggestFallback(services, query, options, now);
  return { mode: analysis.crisis ? "crisis" : "match", results, categories: analysis.categories };
}

export function roundKm(km: number | null): number | null {
  return km === null ? null : Math.round(km * 100) / 100;
}

/** Score, then English name, then id: a total order so online and offline agree exactly. */
export function compareRanked(a: RankedService, b: RankedService): number {
  return (
    b.score - a.score ||
    a.service.name.en.localeCompare(b.service.name.en) ||
    (a.service.id < b.service.id ? -1 : 1)
  );
}
