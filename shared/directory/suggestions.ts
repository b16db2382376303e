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
  // One line per number: the best-verified record wins when the data lists a line twice.
  const lines = services
    .filter(isGeneralHelpLine)
    .sort((a, b) => b.verificationLevel.localeCompare(a.verificationLevel));
  const seenNumbers = new Set<string>();
  for (const s of lines) {
    const number =
      s.phones.map((p) => p.number.replace(/\D/g, "")).find((d) => GENERAL_LINES.includes(d)) ?? "";
    if (seenNumbers.has(number)) continue;
    seenNumbers.add(number);
    add(s, 0);
  }
  for (const category of categories) {
    const inCategory = services
      .filter((s) => s.category === category && s.status === "active")
      .sort(
        (a, b) =>
          b.verificationLevel.localeCompare(a.verificationLevel) || a.name.en.localeCompare(b.name.en),
      )
      .slice(0, PER_CATEGORY);
    for (const s of inCategory) add(s, 0);
  }
  const results = [...picked.values()];
  return { mode: "suggestions", results, total: results.length, categories };
}
