/**
 * One word of a quoted phrase being matched: its decoded postings, and a cursor over its
 * positions that moves forward document by document, one column at a time (see packed-index.ts
 * for their layout: per document, each column's positions, first then gaps − 1, as varints).
 */
import { ChainCursor } from "./chain-cursor.js";
import type { PackedIndex } from "./packed-index.js";

/**
 * Steps over `n` varints from `p` in `buf`; returns the offset after them. Counts the bytes that
 * end a varint over a block instead of testing each byte (most positions take one byte, so a block
 * of n bytes usually holds all n, and a loop without branches runs several times faster).
 */
export function skipVarints(buf: Uint8Array, p: number, n: number): number {
  let left = n;
  while (left > 0) {
    const end = p + left;
    let more = 0;
    for (let q = p; q < end; q++) more += buf[q] >>> 7;
    p = end;
    left = more;
  }
  return p;
}

/** One distinct word: its decoded postings and the current document's positions, column by column. */
export class WordState {
  docs = new Int32Array(0);
  tf = new Uint32Array(0);
  n = 0;
  /** The current document's index in docs (its counts are at tf[k * 3 ..]). */
  k = 0;
  cur = new ChainCursor();
  /** The positions decoded by the last `decodeColumn`: pos[0 .. len). */
  pos = new Int32Array(64);
  len = 0;

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
   * Moves to document `d` (which this word holds), stepping over earlier documents' positions,
   * and to the range holding d's positions (a document's positions never straddle two ranges).
   */
  find(d: number): void {
    const { docs, tf, cur } = this;
    let k = this.k;
    if (cur.lastRange()) {
      // The usual case (a packed list): every skipped document's bytes in one pass.
      let n = 0;
      for (; docs[k] < d; k++) n += tf[k * 3] + tf[k * 3 + 1] + tf[k * 3 + 2];
      cur.pos = skipVarints(cur.buf, cur.pos, n);
    } else
      for (; docs[k] < d; k++) {
        if (cur.pos >= cur.end) cur.advance();
        cur.pos = skipVarints(cur.buf, cur.pos, tf[k * 3] + tf[k * 3 + 1] + tf[k * 3 + 2]);
      }
    if (cur.pos >= cur.end) cur.advance();
    this.k = k;
  }

  /** Steps over this document's column `j`. */
  skipColumn(j: number): void {
    const cur = this.cur;
    cur.pos = skipVarints(cur.buf, cur.pos, this.tf[this.k * 3 + j]);
  }

  /**
   * Decodes this document's column `j` into pos[0 .. len), stopping after the first position
   * above `upTo` (a phrase hit needs none beyond it) and stepping over the rest of the column.
   */
  decodeColumn(j: number, upTo: number): void {
    const n = this.tf[this.k * 3 + j];
    if (this.pos.length < n) this.pos = new Int32Array(n * 2);
    const pos = this.pos;
    const cur = this.cur;
    const buf = cur.buf;
    let p = cur.pos;
    let q = -1;
    let i = 0;
    while (i < n && q <= upTo) {
      let x = buf[p++];
      let v = x & 0x7f;
      for (let mul = 128; x >= 0x80; mul *= 128) {
        x = buf[p++];
        v += (x & 0x7f) * mul;
      }
      q += v + 1;
      pos[i++] = q;
    }
    this.len = i;
    cur.pos = i < n ? skipVarints(buf, p, n - i) : p;
  }

  /** Done with the current document. */
  next(): void {
    this.k++;
  }
}
