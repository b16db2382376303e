/**
 * What comes back when nothing matches: never an empty page. The general help lines (211 for
 * community services, 811 for health advice) plus a few services from the categories closest to
 * the query's wording, all marked as suggestions.
 */
import { analyzeQuery, closestConcepts } from "./analyze-query.js";
import { isOpenAt } from "./hours.js";
import type { Category, DirectoryService, RankedService, RankOptions, RankResult } from "./types.js";

const GENERAL_LINES = ["211", "811"];
const PER_CATEGORY = 2;

/** Is this one of the general help lines (dialled as 211 or 811)? */
export function isGeneralHelpLine(service: DirectoryService): boolean {
  return service.phones.some((p) => GENERAL_LINES.includes(p.number.replace(/\D/g, "")));
}

interface FallbackPicks {
  lines: DirectoryService[];
  byCategory: Map<Category, DirectoryService[]>;
}
const picksCache = new WeakMap<readonly DirectoryService[], FallbackPicks>();

/**
 * The help lines and each category's best-verified services depend only on the list, so they are
 * worked out once per list (a fallback over 10,000 services must not scan them all on every query).
 */
function fallbackPicks(services: readonly DirectoryService[]): FallbackPicks {
  const cached = picksCache.get(services);
  if (cached) return cached;
  // One line per number: the best-verified record wins when the data lists a line twice.
  const candidates = services
    .filter((s) => s.status === "active" && isGeneralHelpLine(s))
    .sort((a, b) => b.verificationLevel.localeCompare(a.verificationLevel));
  const seenNumbers = new Set<string>();
  const lines: DirectoryService[] = [];
  for (const s of candidates) {
    const number =
      s.phones.map((p) => p.number.replace(/\D/g, "")).find((d) => GENERAL_LINES.includes(d)) ?? "";
    if (seenNumbers.has(number)) continue;
    seenNumbers.add(number);
    lines.push(s);
  }
  const byCategory = new Map<Category, DirectoryService[]>();
  for (const s of services) {
    if (s.status !== "active") continue;
    const list = byCategory.get(s.category) ?? [];
    list.push(s);
    byCategory.set(s.category, list);
  }
  for (const [category, list] of byCategory) {
    list.sort(
      (a, b) =>
        b.verificationLevel.localeCompare(a.verificationLevel) ||
        a.name.en.localeCompare(b.name.en) ||
        (a.id < b.id ? -1 : 1),
    );
    byCategory.set(category, list.slice(0, PER_CATEGORY));
  }
  const picks = { lines, byCategory };
  picksCache.set(services, picks);
  return picks;
}

export function suggestFallback(
  services: readonly DirectoryService[],
  query: string,
  options: RankOptions,
  now: Date,
): RankResult {
  const fromWording = analyzeQuery(query).categories;
  const near = closestConcepts(query).flatMap((c) => c.categories.slice(0, 1));
  const categories: Category[] = [
    ...new Set<Category>([...(options.category ? [options.category] : []), ...fromWording, ...near]),
  ];
  const picked = new Map<string, RankedService>();
  const add = (s: DirectoryService, score: number) => {
    if (picked.has(s.id) || s.status !== "active") return;
    picked.set(s.id, {
      service: s,
      score,
      distanceKm: null,
      openNow: isOpenAt(s.schedule, now),
      suggestion: true,
    });
  };
  const fixed = fallbackPicks(services);
  for (const line of fixed.lines) add(line, 0);
  for (const category of categories) for (const pick of fixed.byCategory.get(category) ?? []) add(pick, 0);
  const results = [...picked.values()];
  return { mode: "suggestions", results, total: results.length, categories };
}
