/**
 * Which indexed words a typed word may stand for: itself, words it begins (prefix matching, so
 * "hous" finds "housing"), and words within a small edit distance (typo tolerance, "shleter").
 */
import { boundedEditDistance, typoBudget } from "../text/index.js";
import type { SearchIndex } from "./search-index.js";

export interface Expansion {
  token: string;
  quality: number;
}

const QUALITY = { exact: 1, prefix: 0.8, typo1: 0.65, typo2: 0.45 } as const;
/** Shortest typed word read as the start of longer ones: "hous" finds "housing", "arm" must not find "army". */
const PREFIX_MIN_LENGTH = 4;

const caches = new WeakMap<SearchIndex, Map<string, Expansion[]>>();

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function expandToken(index: SearchIndex, token: string): Expansion[] {
  let cache = caches.get(index);
  if (!cache) {
    cache = new Map();
    caches.set(index, cache);
  }
  const hit = cache.get(token);
  if (hit) return hit;
  const found = new Map<string, number>();
  if (index.tokenNumbers.has(token)) found.set(token, QUALITY.exact);
  if (token.length >= PREFIX_MIN_LENGTH) {
    const vocab = index.vocabulary;
    for (let i = lowerBound(vocab, token); i < vocab.length && vocab[i].startsWith(token); i++) {
      if (!found.has(vocab[i])) found.set(vocab[i], QUALITY.prefix);
    }
  }
  const budget = typoBudget(token.length);
  if (budget > 0) {
    for (const word of index.vocabulary) {
      if (found.has(word) || Math.abs(word.length - token.length) > budget || word[0] !== token[0]) continue;
      const d = boundedEditDistance(token, word, budget);
      if (d <= budget) found.set(word, d === 1 ? QUALITY.typo1 : QUALITY.typo2);
    }
  }
  const out = [...found].map(([t, quality]) => ({ token: t, quality }));
  if (cache.size > 5000) cache.clear();
  cache.set(token, out);
  return out;
}
