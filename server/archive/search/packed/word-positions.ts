/**
 * One word of a quoted phrase being matched: its decoded postings, and a cursor over its
 * positions that moves forward document by document (see packed-index.ts for their layout).
 */
import { ChainCursor } from "./chain-cursor.js";
import type { PackedIndex } from "./packed-index.js";

/** One distinct word: its decoded postings and the current document's positions. */
export class WordState {
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
