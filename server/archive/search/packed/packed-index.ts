/**
 * The archive's packed search index: document columns (doc-table.ts), the vocabulary
 * (term-dictionary.ts) and, per term, two byte lists in shared buffers (byte-chains.ts):
 * - postings: for each document, ascending, one varint `gap*4 + c` (gap from the previous
 *   document): c = 0..2 when the word is only in the body, 1 to 3 times (87% of entries at
 *   100,000 pages, one byte each); c = 3 when a varint `body*4 + title?2 + url?1` and the title
 *   and url counts follow;
 * - positions: for the same documents, each column's word positions (first, then gaps − 1),
 *   read only by quoted phrases.
 * Filled from FTS4's segments at start-up and then from each new snapshot's text, tokenised as
 * FTS4's unicode61 tokenizer (remove_diacritics=1) does, so it answers like the FTS table.
 */

import { stripMarks } from "../../../../shared/text/fold.js";
import { ByteChains } from "./byte-chains.js";
import { ChainCursor } from "./chain-cursor.js";
import { DocTable } from "./doc-table.js";
import { TermDictionary } from "./term-dictionary.js";
import { TermWriter } from "./term-writer.js";

/** Tokens as FTS4 unicode61 (remove_diacritics=1) makes them: letters and digits, folded. */
export function ftsTokens(text: string): string[] {
  return stripMarks(text)
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter((w) => w.length > 0);
}

export class PackedIndex {
  docs = new DocTable();
  terms = new TermDictionary();
  readonly postings = new ByteChains();
  readonly positions = new ByteChains();
  /** Per term: documents, the last document, and documents holding it per column (3 each). */
  count: Int32Array = new Int32Array(0);
  last: Int32Array = new Int32Array(0);
  df: Int32Array = new Int32Array(0);
  private writer = new TermWriter(this);

  /** The term's id, adding it when new. */
  termFor(term: string): number {
    const t = this.terms.add(term);
    if (t >= this.count.length) {
      const size = Math.max(t + 1, Math.ceil(this.count.length * 1.5), 1024);
      const grow = (a: Int32Array, n: number, fill = 0) => {
        const next = new Int32Array(n).fill(fill);
        next.set(a);
        return next;
      };
      this.count = grow(this.count, size);
      this.last = grow(this.last, size, -1);
      this.df = grow(this.df, size * 3);
    }
    this.postings.ensureLists(t + 1);
    this.positions.ensureLists(t + 1);
    return t;
  }

  /**
   * Starts a term's run of postings (documents ascending within the run); `posting()` adds each
   * and `endTerm()` stores them. `pos` holds title positions, then url, then body.
   */
  beginTerm(term: string): void {
    this.writer.begin(this.termFor(term));
  }
  posting(d: number, t0: number, t1: number, t2: number, pos: ArrayLike<number>): void {
    this.writer.add(d, t0, t1, t2, pos);
  }
  endTerm(): void {
    this.writer.end();
  }

  /** Indexes a new snapshot's title, url and text (its document must already be added). */
  addText(d: number, columns: readonly [string, string, string]): void {
    const where = new Map<string, number[][]>();
    const len = [0, 0, 0];
    columns.forEach((text, j) => {
      for (const t of ftsTokens(text)) {
        let cols = where.get(t);
        if (!cols) {
          cols = [[], [], []];
          where.set(t, cols);
        }
        cols[j].push(len[j]++);
      }
    });
    this.docs.setLengths(d, len);
    for (const [t, cols] of where) {
      this.beginTerm(t);
      this.posting(d, cols[0].length, cols[1].length, cols[2].length, cols.flat());
      this.endTerm();
    }
  }

  /** Ends a build: puts late postings in order and packs every list and column to its exact size. */
  finish(): void {
    this.writer.repairLate();
    this.compact();
    const n = this.terms.size;
    this.count = this.count.slice(0, n);
    this.last = this.last.slice(0, n);
    this.df = this.df.slice(0, n * 3);
    this.docs.trim();
  }

  compact(): void {
    this.postings.compact();
    this.positions.compact();
  }

  /** Packs the lists again once appended chunks outweigh a quarter of the packed bytes. */
  compactIfLoose(): void {
    const loose = this.postings.slabBytes() + this.positions.slabBytes();
    const packed = this.postings.base.length + this.positions.base.length;
    if (loose > Math.max(4 << 20, packed / 4)) this.compact();
  }

  termId(term: string): number {
    return this.terms.id(term);
  }

  /** Decodes a term's documents into `docs` and column counts into `tf` (3 per document). */
  decode(t: number, docs: Int32Array, tf: Uint32Array, cur = new ChainCursor()): number {
    cur.open(this.postings, t);
    let doc = -1;
    let k = 0;
    do {
      // The common one-byte entry is read from local copies of the cursor (a method call per
      // entry costs more than the entry); the rarer long form goes through the cursor.
      const buf = cur.buf;
      const end = cur.end;
      let p = cur.pos;
      while (p < end) {
        let x = buf[p++];
        let v = x & 0x7f;
        for (let mul = 128; x >= 0x80; mul *= 128) {
          x = buf[p++];
          v += (x & 0x7f) * mul;
        }
        doc += (v >>> 2) + 1;
        docs[k] = doc;
        const k3 = k * 3;
        if ((v & 3) !== 3) {
          tf[k3] = 0;
          tf[k3 + 1] = 0;
          tf[k3 + 2] = (v & 3) + 1;
        } else {
          cur.pos = p;
          const shape = cur.varint();
          tf[k3] = shape & 2 ? cur.varint() : 0;
          tf[k3 + 1] = shape & 1 ? cur.varint() : 0;
          tf[k3 + 2] = shape >>> 2;
          p = cur.pos;
        }
        k++;
      }
      cur.pos = p;
    } while (cur.advance());
    return k;
  }

  /** Approximate memory of the whole index, in bytes. */
  bytes(): number {
    return (
      this.docs.bytes() +
      this.terms.bytes() +
      this.postings.bytes() +
      this.positions.bytes() +
      this.count.byteLength +
      this.last.byteLength +
      this.df.byteLength
    );
  }
}
