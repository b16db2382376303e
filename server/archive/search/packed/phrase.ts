/**
 * Quoted phrases from word positions, counted as FTS4 counts them for matchinfo 'x': in each
 * column, every position where the phrase's words follow one another is one hit (overlapping
 * hits count); a document matches when it has a hit in a searched column. The documents holding
 * every word are walked once, in order, and only their positions are read (the others' bytes are
 * stepped over a block at a time). Two distinct words, the usual phrase, are merged straight from
 * their bytes (pair-phrase.ts); longer phrases and repeated words decode each searched column
 * where every word occurs into buffers reused from one phrase to the next. Counts stay exact:
 * they feed BM25, and the phrase's document frequencies weigh it.
 */
import type { PackedIndex } from "./packed-index.js";
import { pairHits } from "./pair-phrase.js";
import { WordState } from "./word-positions.js";

/** A phrase's documents and per-column hit counts (three per document), as FTS4 reports them. */
export interface PhraseHits {
  docs: Int32Array;
  tf: Uint32Array;
  count: number;
  df: number[];
}

const states: WordState[] = [];
let candidates = new Int32Array(0);
/**
 * Result buffers kept between queries, one pair per phrase of a query (`slot`): a common pair of
 * words holds tens of thousands of documents, and fresh arrays each time keep the collector busy.
 */
const slots: { docs: Int32Array; tf: Uint32Array }[] = [];

function resultBuffers(slot: number | undefined, n: number): { docs: Int32Array; tf: Uint32Array } {
  if (slot === undefined) return { docs: new Int32Array(n), tf: new Uint32Array(n * 3) };
  let b = slots[slot];
  if (!b || b.docs.length < n) {
    const size = Math.ceil(n * 1.25);
    b = { docs: new Int32Array(size), tf: new Uint32Array(size * 3) };
    slots[slot] = b;
  }
  return b;
}

/**
 * Hits of `words` (accent-folded tokens, in order) in column `col` (0 title, 1 url, 2 body) or
 * any (-1). With `slot`, the result lives in buffers reused by the next call with that slot (the
 * phrases of one query take distinct slots); without, in fresh arrays.
 */
export function phraseHits(
  ix: PackedIndex,
  words: readonly string[],
  col: number,
  slot?: number,
): PhraseHits {
  const ids = words.map((w) => ix.termId(w));
  if (ids.some((t) => t < 0))
    return { docs: new Int32Array(0), tf: new Uint32Array(0), count: 0, df: [0, 0, 0] };
  const distinct = [...new Set(ids)].sort((a, b) => ix.count[a] - ix.count[b]);
  while (states.length < distinct.length) states.push(new WordState());
  const used = states.slice(0, distinct.length);
  distinct.forEach((t, i) => {
    used[i].load(ix, t);
  });
  const nCand = intersect(used);
  const order = ids.map((t) => used[distinct.indexOf(t)]);

  // Position bounds are only safe when each word stands once in the phrase.
  const bounded = distinct.length === ids.length;
  const { docs, tf } = resultBuffers(slot, nCand);
  const df = [0, 0, 0];
  if (ids.length === 2 && bounded)
    return { docs, tf, df, count: pairHits(order[0], order[1], candidates, nCand, col, { docs, tf, df }) };
  let count = 0;
  for (let c = 0; c < nCand; c++) {
    const d = candidates[c];
    for (let w = 0; w < used.length; w++) used[w].find(d);
    // (Reused buffers hold the last query's counts.)
    tf[count * 3] = 0;
    tf[count * 3 + 1] = 0;
    tf[count * 3 + 2] = 0;
    let any = false;
    for (let j = 0; j < 3; j++) {
      const hits = searched(col, j) ? columnHits(order, used, j, bounded) : skipColumn(used, j);
      if (!hits) continue;
      tf[count * 3 + j] = hits;
      df[j]++;
      any = true;
    }
    for (let w = 0; w < used.length; w++) used[w].next();
    if (any) docs[count++] = d;
  }
  return { docs, tf, count, df };
}

const searched = (col: number, j: number) => col < 0 || col === j;

function skipColumn(used: WordState[], j: number): number {
  for (let w = 0; w < used.length; w++) used[w].skipColumn(j);
  return 0;
}

/**
 * The phrase's hits in column `j` of the current document. The word with the fewest positions
 * there is decoded in full; the others only up to where a hit could still start from it (past
 * its last position, their positions can match nothing), and their other bytes are stepped over.
 */
function columnHits(order: WordState[], used: WordState[], j: number, bounded: boolean): number {
  let rare = 0;
  for (let i = 0; i < order.length; i++) {
    const n = order[i].tf[order[i].k * 3 + j];
    if (!n) return skipColumn(used, j);
    if (n < order[rare].tf[order[rare].k * 3 + j]) rare = i;
  }
  if (!bounded) {
    for (let w = 0; w < used.length; w++) used[w].decodeColumn(j, Number.POSITIVE_INFINITY);
    return countHits(order);
  }
  const anchor = order[rare];
  anchor.decodeColumn(j, Number.POSITIVE_INFINITY);
  const last = anchor.pos[anchor.len - 1];
  for (let i = 0; i < order.length; i++) if (i !== rare) order[i].decodeColumn(j, last + i - rare);
  return countHits(order);
}

/** The documents every word holds (the rarest word's list filtered by the others), in `candidates`. */
function intersect(words: WordState[]): number {
  const first = words[0];
  if (candidates.length < first.n) candidates = new Int32Array(first.n);
  candidates.set(first.docs.subarray(0, first.n));
  let n = first.n;
  for (const w of words.slice(1)) {
    let out = 0;
    let j = 0;
    for (let i = 0; i < n && j < w.n; ) {
      const a = candidates[i];
      const b = w.docs[j];
      if (a === b) {
        candidates[out++] = a;
        i++;
        j++;
      } else if (a < b) i++;
      else j++;
    }
    n = out;
  }
  return n;
}

const ptr = new Int32Array(32);

/** Positions p where word i of the phrase stands at p + i, for every i (in the decoded column). */
function countHits(order: WordState[]): number {
  const first = order[0];
  const n0 = first.len;
  for (let i = 0; i < order.length; i++) ptr[i] = 0;
  let hits = 0;
  for (let a = 0; a < n0; a++) {
    const p = first.pos[a];
    let ok = true;
    for (let i = 1; i < order.length && ok; i++) {
      const w = order[i];
      const end = w.len;
      while (ptr[i] < end && w.pos[ptr[i]] < p + i) ptr[i]++;
      ok = ptr[i] < end && w.pos[ptr[i]] === p + i;
    }
    if (ok) hits++;
  }
  return hits;
}
