/**
 * Everything the packed search index is built and fed from, read on the main thread (the search
 * worker has no database): snapshot columns, and the inverted index that SQLite's FTS4 keeps
 * for `snapshots_fts` straight from its shadow tables (`_segdir`, `_segments`, `_docsize`), so
 * the index starts from exactly the terms and positions FTS tokenised (the page text itself is
 * not stored). The worker decodes the blocks (fts-leaf.ts).
 */
import type { Reader } from "../../db/types.js";
import type { IndexStart, SegmentRef } from "../repository.js";
import type { DocMeta } from "../search/packed/doc-table.js";
import { betweenWrites } from "./between-writes.js";

const META_COLUMNS = `id, normalized_url_group AS "group", url, capture_timestamp AS ts, status_code AS status,
  is_duplicate AS duplicate, source_id AS sourceId, language`;

export function maxSnapshotId(db: Reader): number {
  return db.get<{ m: number | null }>("SELECT MAX(id) AS m FROM snapshots")?.m ?? 0;
}

/** Snapshot columns of ids in (afterId, upTo], ascending, at most `limit`. */
export function readDocMetas(db: Reader, afterId: number, upTo: number, limit: number): DocMeta[] {
  return db.all<DocMeta>(
    `SELECT ${META_COLUMNS} FROM snapshots WHERE id > ? AND id <= ? ORDER BY id LIMIT ?`,
    [afterId, upTo, limit],
  );
}

/** Snapshot columns of the given ids, ascending. */
export function readDocMetasOf(db: Reader, ids: readonly number[]): DocMeta[] {
  return db.all<DocMeta>(
    `SELECT ${META_COLUMNS} FROM snapshots WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY id`,
    [...ids],
  );
}

export function countSnapshotsBetween(db: Reader, afterId: number, upTo: number): number {
  return (
    db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots WHERE id > ? AND id <= ?", [afterId, upTo])
      ?.n ?? 0
  );
}

/** The id of a source code: -2 when no source has it (so nothing matches), null without one. */
export function sourceIdOf(db: Reader, code: string | undefined): number | null {
  if (!code) return null;
  return db.get<{ id: number }>("SELECT id FROM sources WHERE code = ?", [code])?.id ?? -2;
}

export type { SegmentRef } from "../repository.js";

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

/**
 * Where a build starts, read inside the write queue: reads there see only committed snapshots
 * (FTS4 keeps a pending transaction's words in memory until COMMIT).
 */
export function indexStart(db: Reader, onRead?: (start: IndexStart) => void) {
  return betweenWrites(db, () => {
    const maxId = maxSnapshotId(db);
    const start = { maxId, count: countSnapshotsBetween(db, 0, maxId), segments: listSegments(db) };
    onRead?.(start);
    return start;
  });
}

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
