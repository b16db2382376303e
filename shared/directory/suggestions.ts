/**
 * What comes back when nothing matches: never an empty page. The general help lines (211 for
 * community services, 811 for health advice) plus a few services from the categories closest to
 * the query's wording, all marked as suggestions.
 */
import { analyzeQuery, closestConcepts } from "./analyze-query.js";
import { CATEGORIES } from "./constants.js";
import { isOpenAt } from "./hours.js";
import { bySortKey, type SearchIndex, scheduleAt } from "./search-index.js";
import type { Category, DirectoryService, IndexRankResult, RankedPosition, RankOptions } from "./types.js";

export const GENERAL_LINES = ["211", "811"];
const PER_CATEGORY = 2;

/** Which general help line a service is (place in GENERAL_LINES of its first such number), or −1. */
export function helpLineOf(service: Pick<DirectoryService, "phones">): number {
  for (const p of service.phones) {
    const k = GENERAL_LINES.indexOf(p.number.replace(/\D/g, ""));
    if (k >= 0) return k;
  }
  return -1;
}

/** Is this one of the general help lines (dialled as 211 or 811)? */
export function isGeneralHelpLine(service: Pick<DirectoryService, "phones">): boolean {
  return helpLineOf(service) >= 0;
}

interface FallbackPicks {
  lines: number[];
  byCategory: Map<Category, number[]>;
}
const picksCache = new WeakMap<SearchIndex, FallbackPicks>();

/**
 * The help lines and each category's best-verified services depend only on the list, so they are
 * worked out once per index (a fallback over 10,000 services must not scan them all on every query).
 */
function fallbackPicks(index: SearchIndex): FallbackPicks {
  const cached = picksCache.get(index);
  if (cached) return cached;
  const active = [...index.ids.keys()].filter((i) => index.active[i] === 1);
  // One line per number: the best-verified record wins when the data lists a line twice.
  const candidates = active
    .filter((i) => index.helpLine[i] >= 0)
    .sort((a, b) => index.level[b] - index.level[a] || bySortKey(index, a, b));
  const seenNumbers = new Set<number>();
  const lines: number[] = [];
  for (const i of candidates) {
    if (seenNumbers.has(index.helpLine[i])) continue;
    seenNumbers.add(index.helpLine[i]);
    lines.push(i);
  }
  const byCategory = new Map<Category, number[]>();
  for (const i of active) {
    const category = CATEGORIES[index.category[i]];
    const list = byCategory.get(category) ?? [];
    list.push(i);
    byCategory.set(category, list);
  }
  for (const [category, list] of byCategory) {
    list.sort(
      (a, b) =>
        index.level[b] - index.level[a] ||
        index.name[a].localeCompare(index.name[b]) ||
        (index.ids[a] < index.ids[b] ? -1 : 1),
    );
    byCategory.set(category, list.slice(0, PER_CATEGORY));
  }
  const picks = { lines, byCategory };
  picksCache.set(index, picks);
  return picks;
}

/** The general help lines, one per number (211 first, then 811), best-verified record of each. */
export function generalHelpLines(index: SearchIndex): readonly number[] {
  return fallbackPicks(index).lines;
}

export function suggestFallback(
  index: SearchIndex,
  query: string,
  options: RankOptions,
  now: Date,
): IndexRankResult {
  const fromWording = analyzeQuery(query).categories;
  const near = closestConcepts(query).flatMap((c) => c.categories.slice(0, 1));
  const categories: Category[] = [
    ...new Set<Category>([...(options.category ? [options.category] : []), ...fromWording, ...near]),
  ];
  const picked = new Map<number, RankedPosition>();
  const add = (i: number) => {
    if (picked.has(i) || index.active[i] !== 1) return;
    picked.set(i, {
      position: i,
      score: 0,
      distanceKm: null,
      openNow: isOpenAt(scheduleAt(index, i), now),
      suggestion: true,
    });
  };
  const fixed = fallbackPicks(index);
  for (const line of fixed.lines) add(line);
  for (const category of categories) for (const pick of fixed.byCategory.get(category) ?? []) add(pick);
  const results = [...picked.values()];
  return { mode: "suggestions", results, total: results.length, categories };
}
