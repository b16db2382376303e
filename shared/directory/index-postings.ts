/**
 * The inverted half of the ranking's index laid out (index-builder.ts): every token once, in
 * vocabulary order, with the positions of the services holding it and the weight of the best field
 * it appears in there.
 */
import type { SearchIndex } from "./search-index.js";

/** Postings gathered while services are added: positions and weights, in the order added. */
export interface Postings {
  ids: number[];
  weights: number[];
}

/**
 * Each token's postings in vocabulary order: the base index's (renumbered, dead positions left out)
 * followed by those of services added since, which all sit at later positions.
 */
export function mergePostings(
  base: SearchIndex | undefined,
  added: Map<string, Postings>,
  renumber: Int32Array,
): Pick<SearchIndex, "vocabulary" | "postingStart" | "postingIds" | "postingWeights"> {
  const baseTokens = base?.vocabulary ?? [];
  const addedTokens = [...added.keys()].sort();
  let capacity = base?.postingIds.length ?? 0;
  for (const p of added.values()) capacity += p.ids.length;
  // Positions fit in 16 bits in any directory under 65,536 services: half the bytes to keep.
  const ids = renumber.length <= 0xffff ? new Uint16Array(capacity) : new Uint32Array(capacity);
  const weights = new Uint8Array(capacity);
  const vocabulary: string[] = [];
  const start: number[] = [0];
  let n = 0;
  const put = (from: number, weight: number) => {
    const to = renumber[from];
    if (to < 0) return;
    ids[n] = to;
    weights[n++] = weight;
  };
  for (let a = 0, b = 0; a < baseTokens.length || b < addedTokens.length; ) {
    const token =
      b >= addedTokens.length || (a < baseTokens.length && baseTokens[a] <= addedTokens[b])
        ? baseTokens[a]
        : addedTokens[b];
    if (a < baseTokens.length && baseTokens[a] === token && base) {
      for (let k = base.postingStart[a]; k < base.postingStart[a + 1]; k++)
        put(base.postingIds[k], base.postingWeights[k]);
      a++;
    }
    if (b < addedTokens.length && addedTokens[b] === token) {
      const p = added.get(token) as Postings;
      for (let k = 0; k < p.ids.length; k++) put(p.ids[k], p.weights[k]);
      b++;
    }
    if (n === start[start.length - 1]) continue; // every service holding it is gone
    vocabulary.push(token);
    start.push(n);
  }
  return {
    vocabulary,
    postingStart: Uint32Array.from(start),
    postingIds: ids.slice(0, n),
    postingWeights: weights.slice(0, n),
  };
}
