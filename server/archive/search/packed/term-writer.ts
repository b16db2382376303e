/**
 * Encodes one term's run of postings into scratch buffers and appends them to the index's
 * postings and positions lists in one piece. A document arriving below the term's last one
 * (possible only if FTS4 segments were read out of age order) is set aside and merged in order
 * by `repairLate()` at the end of the build.
 */
import { ChainCursor } from "./chain-cursor.js";
import type { PackedIndex } from "./packed-index.js";

interface LatePosting {
  d: number;
  tf: [number, number, number];
  pos: number[];
}

function put(buf: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    buf[at++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 128);
  }
  buf[at++] = v;
  return at;
}

export class TermWriter {
  private term = -1;
  private post: Uint8Array = new Uint8Array(4096);
  private postLen = 0;
  private pos: Uint8Array = new Uint8Array(16384);
  private posLen = 0;
  private late = new Map<number, LatePosting[]>();

  constructor(private readonly ix: PackedIndex) {}

  begin(t: number): void {
    this.term = t;
    this.postLen = 0;
    this.posLen = 0;
  }

  add(d: number, t0: number, t1: number, t2: number, positions: ArrayLike<number>): void {
    const ix = this.ix;
    const t = this.term;
    const n = t0 + t1 + t2;
    if (d <= ix.last[t]) {
      const list = this.late.get(t) ?? [];
      list.push({ d, tf: [t0, t1, t2], pos: Array.from({ length: n }, (_, i) => positions[i]) });
      this.late.set(t, list);
      return;
    }
    if (this.postLen + 40 > this.post.length) this.post = grown(this.post, this.postLen + 40);
    if (this.posLen + n * 5 > this.pos.length) this.pos = grown(this.pos, this.posLen + n * 5);
    const gap = d - ix.last[t] - 1;
    let p: number;
    // Most postings are a word 1 to 3 times in the body only: one byte when the gap is below 32.
    if (!t0 && !t1 && t2 <= 3) p = put(this.post, this.postLen, gap * 4 + t2 - 1);
    else {
      p = put(this.post, this.postLen, gap * 4 + 3);
      p = put(this.post, p, t2 * 4 + (t0 ? 2 : 0) + (t1 ? 1 : 0));
      if (t0) p = put(this.post, p, t0);
      if (t1) p = put(this.post, p, t1);
    }
    this.postLen = p;
    let q = this.posLen;
    let k = 0;
    for (let j = 0; j < 3; j++) {
      const tf = j === 0 ? t0 : j === 1 ? t1 : t2;
      let prev = -1;
      for (let i = 0; i < tf; i++, k++) {
        q = put(this.pos, q, positions[k] - prev - 1);
        prev = positions[k];
      }
    }
    this.posLen = q;
    ix.last[t] = d;
    ix.count[t]++;
    if (t0) ix.df[t * 3]++;
    if (t1) ix.df[t * 3 + 1]++;
    if (t2) ix.df[t * 3 + 2]++;
  }

  end(): void {
    if (this.term < 0) return;
    this.ix.postings.append(this.term, this.post, 0, this.postLen);
    this.ix.positions.append(this.term, this.pos, 0, this.posLen);
    this.term = -1;
  }

  /** Rewrites each term that received late postings with all of its postings in order. */
  repairLate(): void {
    const ix = this.ix;
    for (const [t, late] of this.late) {
      const all = [...readAll(ix, t), ...late].sort((a, b) => a.d - b.d);
      ix.postings.clear(t);
      ix.positions.clear(t);
      ix.count[t] = 0;
      ix.last[t] = -1;
      ix.df.fill(0, t * 3, t * 3 + 3);
      this.begin(t);
      for (const e of all) this.add(e.d, e.tf[0], e.tf[1], e.tf[2], e.pos);
      this.end();
    }
    this.late.clear();
  }
}

function grown(buf: Uint8Array, size: number): Uint8Array {
  const next = new Uint8Array(Math.max(size, buf.length * 2));
  next.set(buf);
  return next;
}

/** Every posting of a term with its positions (slow; for repairs and tests). */
export function readAll(ix: PackedIndex, t: number): LatePosting[] {
  const docs = new Int32Array(ix.count[t]);
  const tf = new Uint32Array(ix.count[t] * 3);
  const n = ix.decode(t, docs, tf);
  const cur = new ChainCursor().open(ix.positions, t);
  const out: LatePosting[] = [];
  for (let k = 0; k < n; k++) {
    const counts: [number, number, number] = [tf[k * 3], tf[k * 3 + 1], tf[k * 3 + 2]];
    const pos: number[] = [];
    cur.more();
    for (const c of counts) {
      let p = -1;
      for (let i = 0; i < c; i++) {
        p += cur.varint() + 1;
        pos.push(p);
      }
    }
    out.push({ d: docs[k], tf: counts, pos });
  }
  return out;
}
