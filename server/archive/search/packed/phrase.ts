/**
 * Quoted phrases from word positions, counted as FTS4 counts them for matchinfo 'x': in each
 * column, every position where the phrase's words follow one another is one hit (overlapping
 * hits count); a document matches when it has a hit in a searched column. Only the documents
 * holding every word have their positions decoded; the others' positions are skipped.
 */
import { ChainCursor } from "./byte-chains.js";
import type { PackedIndex } from "./packed-index.js";

/** A phrase's documents and per-column hit counts (three per document), as FTS4 reports them. */
export interface PhraseHits {
  docs: Int32Array;
  tf: Uint32Array;
  count: number;
  df: number[];
}

const none = (): PhraseHits => ({ docs: new Int32Array(0), tf: new Uint32Array(0), count: 0, df: [0, 0, 0] });

/** One distinct word's postings and, for the candidate documents, its positions. */
interface WordLists {
  docs: Int32Array;
  tf: Uint32Array;
  n: number;
  /** Positions of candidate slot s, column j: pos[start[s*3+j] .. start[s*3+j] + tf). */
  pos: Int32Array;
  start: Int32Array;
  len: Int32Array;
}

/** Hits of `words` (accent-folded tokens, in order) in column `col` (0 title, 1 url, 2 body) or any (-1). */
export function phraseHits(ix: PackedIndex, words: readonly string[], col: number): PhraseHits {
  const ids = words.map((w) => ix.termId(w));
  if (ids.some((t) => t < 0)) return none();
  const distinct = [...new Set(ids)].sort((a, b) => ix.count[a] - ix.count[b]);
  const cur = new ChainCursor();
  const lists = new Map<number, WordLists>();
  for (const t of distinct) {
    const n = ix.count[t];
    const docs = new Int32Array(n);
    const tf = new Uint32Array(n * 3);
    ix.decode(t, docs, tf, cur);
    lists.set(t, { docs, tf, n, pos: new Int32Array(0), start: new Int32Array(0), len: new Int32Array(0) });
  }
  // Candidates: the rarest word's documents that every other word also holds.
  const rare = lists.get(distinct[0]) as WordLists;
  let cand: Int32Array = rare.docs.slice(0, rare.n);
  for (const t of distinct.slice(1)) cand = intersect(cand, lists.get(t) as WordLists);
  if (!cand.length) return none();
  for (const t of distinct) loadPositions(ix, t, lists.get(t) as WordLists, cand, cur);

  const docs = new Int32Array(cand.length);
  const tf = new Uint32Array(cand.length * 3);
  const df = [0, 0, 0];
  const order = ids.map((t) => lists.get(t) as WordLists);
  let count = 0;
  for (let s = 0; s < cand.length; s++) {
    let any = false;
    for (let j = 0; j < 3; j++) {
      if (col >= 0 && j !== col) continue;
      const hits = countHits(order, s * 3 + j);
      if (!hits) continue;
      tf[count * 3 + j] = hits;
      df[j]++;
      any = true;
    }
    if (any) docs[count++] = cand[s];
    else tf.fill(0, count * 3, count * 3 + 3);
  }
  return { docs, tf, count, df };
}

function intersect(a: Int32Array, w: WordLists): Int32Array {
  const out = new Int32Array(Math.min(a.length, w.n));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < w.n) {
    if (a[i] === w.docs[j]) {
      out[n++] = a[i++];
      j++;
    } else if (a[i] < w.docs[j]) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/** Decodes the word's positions for the candidate documents only (both lists are ascending). */
function loadPositions(ix: PackedIndex, t: number, w: WordLists, cand: Int32Array, cur: ChainCursor): void {
  let total = 0;
  for (let k = 0, s = 0; k < w.n && s < cand.length; k++) {
    if (w.docs[k] !== cand[s]) continue;
    total += w.tf[k * 3] + w.tf[k * 3 + 1] + w.tf[k * 3 + 2];
    s++;
  }
  w.pos = new Int32Array(total);
  w.start = new Int32Array(cand.length * 3);
  w.len = new Int32Array(cand.length * 3);
  cur.open(ix.positions, t);
  let at = 0;
  for (let k = 0, s = 0; k < w.n && s < cand.length; k++) {
    cur.more();
    const k3 = k * 3;
    if (w.docs[k] !== cand[s]) {
      cur.skipVarints(w.tf[k3] + w.tf[k3 + 1] + w.tf[k3 + 2]);
      continue;
    }
    for (let j = 0; j < 3; j++) {
      const n = w.tf[k3 + j];
      w.start[s * 3 + j] = at;
      w.len[s * 3 + j] = n;
      let p = -1;
      for (let i = 0; i < n; i++) {
        p += cur.varint() + 1;
        w.pos[at++] = p;
      }
    }
    s++;
  }
}

/** Positions p where word i of the phrase stands at p + i, for every i. */
function countHits(order: WordLists[], slot: number): number {
  const first = order[0];
  const n0 = first.len[slot];
  if (!n0) return 0;
  for (const w of order) if (!w.len[slot]) return 0;
  const ptr = new Int32Array(order.length);
  let hits = 0;
  for (let a = 0; a < n0; a++) {
    const p = first.pos[first.start[slot] + a];
    let ok = true;
    for (let i = 1; i < order.length && ok; i++) {
      const w = order[i];
      const base = w.start[slot];
      const end = w.len[slot];
      while (ptr[i] < end && w.pos[base + ptr[i]] < p + i) ptr[i]++;
      ok = ptr[i] < end && w.pos[base + ptr[i]] === p + i;
    }
    if (ok) hits++;
  }
  return hits;
}
