/**
 * Quoted phrases from word positions, counted as FTS4 counts them for matchinfo 'x': in each
 * column, every position where the phrase's words follow one another is one hit (overlapping
 * hits count); a document matches when it has a hit in a searched column. The documents holding
 * every word are walked once, in order: each word's positions are decoded for those documents
 * only (the others' are skipped), into buffers reused from one phrase to the next.
 */
import { ChainCursor } from "./chain-cursor.js";
import type { PackedIndex } from "./packed-index.js";

/** A phrase's documents and per-column hit counts (three per document), as FTS4 reports them. */
export interface PhraseHits {
  docs: Int32Array;
  tf: Uint32Array;
  count: number;
  df: number[];
}

/** One distinct word: its decoded postings and the current document's positions. */
class WordState {
  docs = new Int32Array(0);
  tf = new Uint32Array(0);
  n = 0;
  k = 0;
  cur = new ChainCursor();
  /** Positions in the current document: column j at pos[start[j] .. start[j] + len[j]). */
  pos = new Int32Array(64);
  start = [0, 0, 0];
  len = [0, 0, 0];

  load(ix: PackedIndex, t: number): void {
    const n = ix.count[t];
    if (this.docs.length < n) {
      this.docs = new Int32Array(n);
      this.tf = new Uint32Array(n * 3);
    }
    this.n = ix.decode(t, this.docs, this.tf, this.cur);
    this.k = 0;
    this.cur.open(ix.positions, t);
  }

  /**
   * Moves to document `d` (which this word holds), skipping earlier documents' positions; its
   * counts are then at tf[k * 3 ..]. The innermost loop of phrase search, so the cursor's bytes
   * are read here directly.
   */
  find(d: number): void {
    const { docs, tf, cur } = this;
    let k = this.k;
    // (No closure over these: it would keep them in a heap context, several times slower.)
    let buf = cur.buf;
    let p = cur.pos;
    let end = cur.end;
    while (docs[k] < d) {
      const k3 = k * 3;
      let n = tf[k3] + tf[k3 + 1] + tf[k3 + 2];
      if (p >= end) {
        cur.advance();
        buf = cur.buf;
        p = cur.pos;
        end = cur.end;
      }
      while (n > 0) if (buf[p++] < 0x80) n--;
      k++;
    }
    cur.pos = p;
    this.k = k;
  }

  /**
   * Reads the current document's positions, decoding only the columns in `mask` (bit j: column
   * j) and stepping over the others' bytes: a column some word lacks can hold no hit.
   */
  read(mask: number): void {
    const { tf, cur } = this;
    const k3 = this.k * 3;
    const total = tf[k3] + tf[k3 + 1] + tf[k3 + 2];
    if (this.pos.length < total) this.pos = new Int32Array(total * 2);
    const pos = this.pos;
    let buf = cur.buf;
    let p = cur.pos;
    if (p >= cur.end) {
      cur.advance();
      buf = cur.buf;
      p = cur.pos;
    }
    let at = 0;
    for (let j = 0; j < 3; j++) {
      let n = tf[k3 + j];
      this.start[j] = at;
      if (!(mask & (1 << j))) {
        this.len[j] = 0;
        while (n > 0) if (buf[p++] < 0x80) n--;
        continue;
      }
      this.len[j] = n;
      let q = -1;
      for (let i = 0; i < n; i++) {
        let x = buf[p++];
        let v = x & 0x7f;
        for (let mul = 128; x >= 0x80; mul *= 128) {
          x = buf[p++];
          v += (x & 0x7f) * mul;
        }
        q += v + 1;
        pos[at++] = q;
      }
    }
    cur.pos = p;
    this.k++;
  }
}

const states: WordState[] = [];
let candidates = new Int32Array(0);

/** Hits of `words` (accent-folded tokens, in order) in column `col` (0 title, 1 url, 2 body) or any (-1). */
export function phraseHits(ix: PackedIndex, words: readonly string[], col: number): PhraseHits {
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

  const docs = new Int32Array(nCand);
  const tf = new Uint32Array(nCand * 3);
  const df = [0, 0, 0];
  let count = 0;
  for (let c = 0; c < nCand; c++) {
    const d = candidates[c];
    for (let w = 0; w < used.length; w++) used[w].find(d);
    // The searched columns where every word occurs: only their positions are decoded.
    let mask = col >= 0 ? 1 << col : 7;
    for (let w = 0; w < used.length; w++) {
      const { tf, k } = used[w];
      for (let j = 0; j < 3; j++) if (!tf[k * 3 + j]) mask &= ~(1 << j);
    }
    for (let w = 0; w < used.length; w++) used[w].read(mask);
    let any = false;
    for (let j = 0; j < 3; j++) {
      if (!(mask & (1 << j))) continue;
      const hits = countHits(order, j);
      if (!hits) continue;
      tf[count * 3 + j] = hits;
      df[j]++;
      any = true;
    }
    if (any) docs[count++] = d;
  }
  return { docs, tf, count, df };
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

/** In column `j`: positions p where word i of the phrase stands at p + i, for every i. */
function countHits(order: WordState[], j: number): number {
  const first = order[0];
  const n0 = first.len[j];
  for (let i = 0; i < order.length; i++) {
    if (!order[i].len[j]) return 0;
    ptr[i] = 0;
  }
  let hits = 0;
  for (let a = 0; a < n0; a++) {
    const p = first.pos[first.start[j] + a];
    let ok = true;
    for (let i = 1; i < order.length && ok; i++) {
      const w = order[i];
      const base = w.start[j];
      const end = w.len[j];
      while (ptr[i] < end && w.pos[base + ptr[i]] < p + i) ptr[i]++;
      ok = ptr[i] < end && w.pos[base + ptr[i]] === p + i;
    }
    if (ok) hits++;
  }
  return hits;
}
