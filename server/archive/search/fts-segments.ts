/**
 * Reads the inverted index that SQLite's FTS4 keeps for `snapshots_fts` straight from its shadow
 * tables (`_segdir`, `_segments`, `_docsize`), so the in-memory search index starts from exactly
 * the terms FTS tokenised (the page text itself is not stored). Format: sqlite.org/fts3.html §9 —
 * leaves hold prefix-compressed terms, each followed by its doclist (delta docids, then position
 * varints per column: 0x01 + column switches column, 0x00 ends the document).
 */
import type { Reader } from "../../db/types.js";

export interface SegmentRef {
  level: number;
  idx: number;
  start: number;
  leavesEnd: number;
  root: Uint8Array;
}

/** Receives a leaf's terms in order, each followed by its documents and per-column counts. */
export interface PostingSink {
  term(text: string): void;
  posting(docid: number, tfTitle: number, tfUrl: number, tfBody: number): void;
}

/** The segments in oldest-first order (higher levels hold older documents). */
export function listSegments(db: Reader): SegmentRef[] {
  return db
    .all<{ level: number; idx: number; s: number; le: number | string; root: Uint8Array }>(
      "SELECT level, idx, start_block AS s, leaves_end_block AS le, root FROM snapshots_fts_segdir ORDER BY level DESC, idx ASC",
    )
    .map((r) => ({
      level: r.level,
      idx: r.idx,
      start: r.s,
      leavesEnd: Number.parseInt(String(r.le), 10),
      root: r.root,
    }));
}

/**
 * True while the segment is still in place. FTS only adds segments or replaces several by their
 * merge; added ones hold documents newer than the build, but a merged-away segment not yet read
 * would take documents with it, so the build checks before reading each chunk.
 */
export function segmentAlive(db: Reader, seg: SegmentRef): boolean {
  return (
    db.get(
      "SELECT 1 AS x FROM snapshots_fts_segdir WHERE level = ? AND idx = ? AND start_block = ? AND leaves_end_block = ?",
      [seg.level, seg.idx, seg.start, seg.leavesEnd],
    ) !== undefined
  );
}

const decoder = new TextDecoder();

/** Varint reader over one blob (SQLite FTS varints: 7 bits per byte, low bits first). */
class Cursor {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}
  varint(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = this.buf[this.pos++];
      v += (b & 0x7f) * mul;
      if (b < 0x80) return v;
      mul *= 128;
    }
  }
}

/** Decodes one leaf node, calling `sink` for every (term, docid, per-column tf). */
export function readLeaf(leaf: Uint8Array, sink: PostingSink): void {
  const c = new Cursor(leaf);
  if (c.varint() !== 0) throw new Error("FTS segment: expected a leaf node");
  let term = new Uint8Array(0);
  let first = true;
  const tf = [0, 0, 0];
  while (c.pos < leaf.length) {
    const prefix = first ? 0 : c.varint();
    const suffix = c.varint();
    const next = new Uint8Array(prefix + suffix);
    next.set(term.subarray(0, prefix));
    next.set(leaf.subarray(c.pos, c.pos + suffix), prefix);
    c.pos += suffix;
    term = next;
    first = false;
    sink.term(decoder.decode(term));
    const end = c.varint() + c.pos;
    let docid = 0;
    while (c.pos < end) {
      docid += c.varint();
      tf[0] = 0;
      tf[1] = 0;
      tf[2] = 0;
      let col = 0;
      let any = false;
      for (;;) {
        const v = c.varint();
        if (v === 0) break;
        if (v === 1) {
          col = c.varint();
          continue;
        }
        if (col < 3) tf[col]++;
        any = true;
      }
      // An empty position list is a deletion marker (never written here: snapshots are append-only).
      if (any) sink.posting(docid, tf[0], tf[1], tf[2]);
    }
  }
}

/** Leaf blocks of a segment, `count` at a time from `from` (the root itself when it is a leaf). */
export function leafBlocks(db: Reader, seg: SegmentRef, from: number, count: number): Uint8Array[] {
  if (seg.start === 0) return from === 0 ? [seg.root] : [];
  const lo = seg.start + from;
  const hi = Math.min(seg.leavesEnd, lo + count - 1);
  if (lo > hi) return [];
  return db
    .all<{ b: Uint8Array }>(
      "SELECT block AS b FROM snapshots_fts_segments WHERE blockid BETWEEN ? AND ? ORDER BY blockid",
      [lo, hi],
    )
    .map((r) => r.b);
}

/** Per-document column lengths (tokens in title, url, body) as FTS counted them. */
export function readDocSizes(
  db: Reader,
  afterId: number,
  upTo: number,
  limit: number,
): { id: number; len: [number, number, number] }[] {
  return db
    .all<{ id: number; size: Uint8Array }>(
      "SELECT docid AS id, size FROM snapshots_fts_docsize WHERE docid > ? AND docid <= ? ORDER BY docid LIMIT ?",
      [afterId, upTo, limit],
    )
    .map((r) => {
      const c = new Cursor(r.size);
      return { id: r.id, len: [c.varint(), c.varint(), c.varint()] };
    });
}
