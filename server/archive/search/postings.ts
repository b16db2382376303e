/**
 * One term's postings, kept in memory as bytes: for each document (ascending dense index) the
 * varint gap from the previous document, then the term's count in title, url and body. Most
 * values fit one byte, so 100,000 pages cost a few bytes per (term, page) pair.
 */
export class Postings {
  bytes = new Uint8Array(8);
  length = 0;
  last = -1;
  /** Documents holding the term in each column (FTS matchinfo 'x', third value). */
  df = [0, 0, 0];
  /** Set when a document arrived out of order; `sort()` repairs it before use. */
  unsorted = false;

  /** Number of documents. */
  count = 0;

  add(doc: number, t0: number, t1: number, t2: number): void {
    if (!this.unsorted && doc <= this.last) {
      this.unsorted = true;
      this.sortedPrefix = this.count;
    }
    this.count++;
    if (this.length + 24 > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + 24));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.put(this.unsorted ? doc : doc - this.last - 1);
    this.put(t0);
    this.put(t1);
    this.put(t2);
    if (!this.unsorted) this.last = doc;
    if (t0) this.df[0]++;
    if (t1) this.df[1]++;
    if (t2) this.df[2]++;
  }

  private put(v: number): void {
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.bytes[this.length++] = v;
  }

  /**
   * Decodes into `docs[k]` and `tf[3k..3k+2]` (arrays of at least `count` and `3 * count`);
   * returns the number of documents. The hot loop of every query, so varints are read inline.
   */
  decode(docs: Int32Array, tf: Uint32Array): number {
    const b = this.bytes;
    const end = this.length;
    let p = 0;
    let doc = -1;
    let k = 0;
    while (p < end) {
      let x = b[p++];
      let v = x & 0x7f;
      for (let mul = 128; x >= 0x80; mul *= 128) {
        x = b[p++];
        v += (x & 0x7f) * mul;
      }
      doc += v + 1;
      docs[k] = doc;
      for (let j = 0; j < 3; j++) {
        x = b[p++];
        v = x & 0x7f;
        for (let mul = 128; x >= 0x80; mul *= 128) {
          x = b[p++];
          v += (x & 0x7f) * mul;
        }
        tf[k * 3 + j] = v;
      }
      k++;
    }
    return k;
  }

  /** Drops the growth slack once a build is complete. */
  trim(): void {
    if (this.bytes.length > this.length + 16 && this.bytes.length > this.length * 1.2)
      this.bytes = this.bytes.slice(0, this.length);
  }

  /** Re-encodes in ascending document order (only after out-of-order additions). */
  sort(): void {
    if (!this.unsorted) return;
    // Out-of-order entries hold absolute indexes; decode with that in mind.
    const rows: [number, number, number, number][] = [];
    const b = this.bytes;
    let p = 0;
    let doc = -1;
    let absolute = false;
    const read = () => {
      let v = 0;
      let mul = 1;
      for (;;) {
        const x = b[p++];
        v += (x & 0x7f) * mul;
        if (x < 0x80) return v;
        mul *= 128;
      }
    };
    let count = 0;
    const sortedCount = this.sortedPrefix;
    this.count = 0;
    while (p < this.length) {
      const gap = read();
      if (count >= sortedCount) absolute = true;
      doc = absolute ? gap : doc + gap + 1;
      rows.push([doc, read(), read(), read()]);
      count++;
    }
    rows.sort((x, y) => x[0] - y[0]);
    this.length = 0;
    this.last = -1;
    this.unsorted = false;
    this.df = [0, 0, 0];
    this.sortedPrefix = Number.POSITIVE_INFINITY;
    for (const r of rows) this.add(r[0], r[1], r[2], r[3]);
  }

  /** How many leading entries are gap-encoded (the rest are absolute). */
  sortedPrefix = Number.POSITIVE_INFINITY;
}
