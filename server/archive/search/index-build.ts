/**
 * Builds the in-memory search index from the database in short slices (about 8 ms each, then a
 * yield to the event loop) so health checks and other requests keep answering during start-up.
 * Reads the snapshot metadata, FTS4's per-document lengths and every FTS4 segment, oldest first
 * so postings arrive in document order. Documents written after the build began are skipped (the
 * indexer feeds them); if FTS4 merges away a segment not yet read, the build starts over.
 */
import type { Reader } from "../../db/types.js";
import { leafBlocks, listSegments, readDocSizes, readLeaf, segmentAlive } from "./fts-segments.js";
import { type DocMeta, MemoryIndex } from "./memory-index.js";
import type { Postings } from "./postings.js";

const SLICE_MS = 8;
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BuildControl {
  stopped(): boolean;
}

/** Resolves with a complete index, or null when stopped or when FTS kept changing underneath. */
export async function buildMemoryIndex(
  db: Reader,
  control: BuildControl,
  attempts = 5,
): Promise<MemoryIndex | null> {
  for (let i = 0; i < attempts && !control.stopped(); i++) {
    const ix = await buildOnce(db, control);
    if (ix) return ix;
  }
  return null;
}

async function buildOnce(db: Reader, control: BuildControl): Promise<MemoryIndex | null> {
  const segments = listSegments(db);
  const upTo = db.get<{ m: number | null }>("SELECT MAX(id) AS m FROM snapshots")?.m ?? 0;
  const ix = new MemoryIndex();
  let sliceStart = performance.now();
  /** Yields when the slice is used up; false when the build must stop. */
  const pause = async (): Promise<boolean> => {
    if (performance.now() - sliceStart < SLICE_MS) return true;
    await yieldNow();
    sliceStart = performance.now();
    return !control.stopped();
  };

  let after = 0;
  for (;;) {
    const rows = db.all<DocMeta>(
      `SELECT id, normalized_url_group AS "group", url, capture_timestamp AS ts, status_code AS status,
              is_duplicate AS duplicate, source_id AS sourceId, language FROM snapshots
        WHERE id > ? AND id <= ? ORDER BY id LIMIT 1000`,
      [after, upTo],
    );
    if (!rows.length) break;
    const last = rows[rows.length - 1].id;
    const sizes = new Map(readDocSizes(db, after, last, 1000).map((s) => [s.id, s.len]));
    for (const r of rows) ix.addDoc(r, sizes.get(r.id) ?? [0, 0, 0]);
    after = last;
    if (!(await pause())) return null;
  }

  let current: Postings | null = null;
  const sink = {
    term: (t: string) => {
      current = ix.posting(t);
    },
    posting: (docid: number, t0: number, t1: number, t2: number) => {
      const d = docid < ix.indexOf.length ? ix.indexOf[docid] : -1;
      if (d >= 0) (current as Postings | null)?.add(d, t0, t1, t2);
    },
  };
  for (const seg of segments) {
    for (let from = 0; ; from += 16) {
      if (!segmentAlive(db, seg)) return null;
      const blocks = leafBlocks(db, seg, from, 16);
      if (!blocks.length) break;
      for (const b of blocks) readLeaf(b, sink);
      if (!(await pause())) return null;
    }
  }
  ix.finish();
  ix.maxId = Math.max(ix.maxId, upTo);
  return ix;
}
