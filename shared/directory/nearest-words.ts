/**
 * "Did you mean…" for a search nothing matched: the words of the index nearest to what was typed
 * (edit distance), the more common first, so the person can try again with a word the directory
 * knows. The same code online and offline (it reads the ranking's index).
 */
import { boundedEditDistance } from "../text/distance.js";
import { isStopWord, stem, words } from "../text/tokenize.js";
import type { SearchIndex } from "./search-index.js";

/** Up to `limit` indexed words near the query's unknown words (none when every word is known). */
export function nearestIndexedWords(index: SearchIndex, query: string, limit = 3): string[] {
  const typed = words(query)
    .filter((w) => w.length >= 3 && !isStopWord(w))
    .map(stem)
    .filter((w) => !index.tokenNumbers.has(w));
  const best = new Map<string, number>();
  for (const word of typed) {
    const max = Math.max(2, Math.ceil(word.length / 3));
    for (const candidate of index.vocabulary) {
      if (candidate.length < 3 || !/^[a-z]+$/.test(candidate)) continue;
      const d = boundedEditDistance(word, candidate, max);
      if (d <= max && d < (best.get(candidate) ?? Number.POSITIVE_INFINITY)) best.set(candidate, d);
    }
  }
  const idf = (w: string) => index.idf[index.tokenNumbers.get(w) ?? 0];
  return [...best]
    .sort((a, b) => a[1] - b[1] || idf(a[0]) - idf(b[0]) || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([w]) => w);
}
