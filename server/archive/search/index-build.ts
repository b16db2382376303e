/**
 * Streams what the search worker builds its index from: every FTS4 leaf block, oldest segment
 * first so postings arrive in document order, and between them the snapshot columns and FTS4's
 * per-document lengths. The main thread only reads (in slices of about 8 ms, then a yield, so requests
 * keep being answered); the worker decodes and packs. Documents written after the build began are
 * left to the indexer's feed; if FTS4 merges away a segment not yet read, the build starts over.
 */
import type { SearchIndexFeed } from "../repository.js";
import type { IndexStats } from "./worker/protocol.js";
import type { SearchWorkerClient } from "./worker/search-worker-client.js";

const SLICE_MS = 8;
const DOCS_PER_MESSAGE = 1000;
const BLOCKS_PER_READ = 64;
const BYTES_PER_MESSAGE = 1 << 20;
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface BuildControl {
  stopped(): boolean;
  /** The build covers snapshots up to this id (called when each attempt begins). */
  covers(upTo: number): void;
}

/** Resolves with the built index's figures, or null when stopped; throws when FTS4 kept changing. */
export async function buildInWorker(
  db: SearchIndexFeed,
  client: SearchWorkerClient,
  control: BuildControl,
  attempts = 5,
): Promise<IndexStats | null> {
  for (let i = 0; i < attempts; i++) {
    const outcome = await streamOnce(db, client, control);
    if (outcome === "stopped") return null;
    if (outcome === "sent") return client.built();
    client.post({ type: "build-abort" });
  }
  throw new Error(`FTS4 segments changed under ${attempts} search index builds in a row`);
}

async function streamOnce(
  db: SearchIndexFeed,
  client: SearchWorkerClient,
  control: BuildControl,
): Promise<"sent" | "retry" | "stopped"> {
  const stopped = () => control.stopped() || !client.alive;
  // Read together, between writes: no write can slip in between the two.
  const { segments, maxId: upTo } = await db.indexStart((start) => {
    client.post({ type: "build-start", upTo: start.maxId });
    control.covers(start.maxId);
  });
  let sliceStart = performance.now();
  /** Yields when the slice is used up; false when the build must stop. */
  const pause = async (): Promise<boolean> => {
    if (performance.now() - sliceStart < SLICE_MS) return !stopped();
    await yieldNow();
    sliceStart = performance.now();
    return !stopped();
  };

  let seq = 0;
  let batch: Uint8Array[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length) await client.sendBlocks(++seq, batch);
    batch = [];
    bytes = 0;
  };
  // Snapshot columns and leaf blocks alternate, so the worker decodes while the rest is read.
  let after = 0;
  let docsDone = false;
  const sendDocs = async () => {
    if (docsDone) return;
    const metas = await db.readDocMetas(after, upTo, DOCS_PER_MESSAGE);
    if (!metas.length) {
      docsDone = true;
      return;
    }
    const last = metas[metas.length - 1].id;
    const sizes = new Map((await db.readDocSizes(after, last, DOCS_PER_MESSAGE)).map((s) => [s.id, s.len]));
    client.post({ type: "docs", metas, sizes: metas.flatMap((m) => sizes.get(m.id) ?? [0, 0, 0]) });
    after = last;
  };
  for (const seg of segments) {
    for (let from = 0; ; from += BLOCKS_PER_READ) {
      if (!(await db.segmentAlive(seg))) return "retry";
      const blocks = await db.leafBlocks(seg, from, BLOCKS_PER_READ);
      if (!blocks.length) break;
      for (const b of blocks) {
        // A segment's root is kept by `seg` for later checks: send a copy of it.
        batch.push(b === seg.root ? b.slice() : b);
        bytes += b.length;
      }
      if (bytes >= BYTES_PER_MESSAGE) {
        await flush();
        await sendDocs();
      }
      if (!(await pause())) return "stopped";
    }
  }
  while (!docsDone) {
    await sendDocs();
    if (!(await pause())) return "stopped";
  }
  await flush();
  if (stopped()) return "stopped";
  client.post({ type: "build-end", upTo });
  return "sent";
}
