/**
 * Per-document scratch arrays of matchQuery (index-query.ts), kept with each index between
 * queries, and BM25's length terms computed once per index state.
 */
import { ChainCursor } from "./packed/chain-cursor.js";
import type { PackedIndex } from "./packed/packed-index.js";

export const K1 = 1.2;
const B = 0.75;

/** Reusable per-document scratch arrays; an epoch stamp avoids clearing them between queries. */
export class Scratch {
  size = 0;
  epoch = 0;
  phraseEpoch = 0;
  stamp = new Uint32Array(0);
  score = new Float64Array(0);
  groups = new Uint16Array(0);
  lastGroup = new Int32Array(0);
  pStamp = new Uint32Array(0);
  /** Per-document counts while summing a prefix phrase's terms. */
  sum = new Uint32Array(0);
  /** The current phrase's documents and their counts (three per document). */
  pDocs = new Int32Array(0);
  pTf = new Uint32Array(0);
  /** One term's decoded postings. */
  tDocs = new Int32Array(0);
  tTf = new Uint32Array(0);
  touched = new Int32Array(0);
  cursor = new ChainCursor();
  /** Per document and column, `K1 * (1 - B + B * length / average)`: BM25's length term. */
  private norms = new Float64Array(0);
  private normsFor = -1;

  lengthNorms(ix: PackedIndex): Float64Array {
    const docs = ix.docs;
    if (this.normsFor === docs.version && this.norms.length >= docs.size * 3) return this.norms;
    // The same operations as rank.ts, in the same order, so each value is equal to the last bit.
    const av = docs.averages().map((a) => a || 1);
    if (this.norms.length < docs.size * 3) this.norms = new Float64Array(Math.ceil(docs.size * 1.5) * 3);
    const { norms } = this;
    const lens = docs.lens;
    for (let i = 0; i < docs.size * 3; i++) norms[i] = K1 * (1 - B + (B * lens[i]) / av[i % 3]);
    this.normsFor = docs.version;
    return norms;
  }

  ensure(n: number) {
    if (n <= this.size) return;
    this.size = Math.max(n, Math.ceil(this.size * 1.5));
    const m = this.size;
    this.stamp = new Uint32Array(m);
    this.score = new Float64Array(m);
    this.groups = new Uint16Array(m);
    this.lastGroup = new Int32Array(m);
    this.pStamp = new Uint32Array(m);
    this.sum = new Uint32Array(m * 3);
    this.pDocs = new Int32Array(m);
    this.pTf = new Uint32Array(m * 3);
    this.tDocs = new Int32Array(m);
    this.tTf = new Uint32Array(m * 3);
    this.touched = new Int32Array(m);
    this.epoch = 0;
    this.phraseEpoch = 0;
  }
}
const scratchOf = new WeakMap<PackedIndex, Scratch>();

/** The index's scratch, sized for its documents. */
export function scratchFor(ix: PackedIndex): Scratch {
  let s = scratchOf.get(ix);
  if (!s) {
    s = new Scratch();
    scratchOf.set(ix, s);
  }
  s.ensure(ix.docs.size);
  return s;
}
