/**
 * Decodes one leaf node of an FTS4 segment (format: sqlite.org/fts3.html §9): prefix-compressed
 * terms in order, each followed by its doclist — delta docids, then for each document its
 * position list (varint delta + 2 per position; 0x01 + column switches column; 0x00 ends the
 * document). Runs in the search worker.
 */

/** Receives a leaf's terms in order, each followed by its documents, counts and positions. */
export interface PostingSink {
  term(text: string): void;
  /** `pos[0 .. t0+t1+t2)`: title positions, then url, then body, each ascending. */
  posting(docid: number, t0: number, t1: number, t2: number, pos: Int32Array): void;
  /** The leaf is done (the last term's postings are complete). */
  end(): void;
}

const decoder = new TextDecoder();
let positions = new Int32Array(4096);

export function readLeaf(leaf: Uint8Array, sink: PostingSink): void {
  let at = 0;
  const varint = (): number => {
    let x = leaf[at++];
    if (x < 0x80) return x;
    let v = x & 0x7f;
    for (let mul = 128; ; mul *= 128) {
      x = leaf[at++];
      v += (x & 0x7f) * mul;
      if (x < 0x80) return v;
    }
  };
  if (varint() !== 0) throw new Error("FTS segment: expected a leaf node");
  let term = new Uint8Array(0);
  let first = true;
  const tf = [0, 0, 0];
  while (at < leaf.length) {
    const prefix = first ? 0 : varint();
    const suffix = varint();
    const next = new Uint8Array(prefix + suffix);
    next.set(term.subarray(0, prefix));
    next.set(leaf.subarray(at, at + suffix), prefix);
    at += suffix;
    term = next;
    first = false;
    sink.term(decoder.decode(term));
    const end = varint() + at;
    let docid = 0;
    while (at < end) {
      docid += varint();
      tf[0] = 0;
      tf[1] = 0;
      tf[2] = 0;
      let col = 0;
      let pos = 0;
      let n = 0;
      for (;;) {
        const v = varint();
        if (v === 0) break;
        if (v === 1) {
          col = varint();
          pos = 0;
          continue;
        }
        pos += v - 2;
        if (col > 2) continue;
        if (n === positions.length) {
          const grown = new Int32Array(n * 2);
          grown.set(positions);
          positions = grown;
        }
        positions[n++] = pos;
        tf[col]++;
      }
      // An empty position list is a deletion marker (never written here: snapshots are append-only).
      if (n) sink.posting(docid, tf[0], tf[1], tf[2], positions);
    }
  }
  sink.end();
}
