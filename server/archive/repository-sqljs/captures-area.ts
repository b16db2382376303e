/** Captures of the sql.js archive repository. */
import type { Store } from "../../db/types.js";
import { absolutePath } from "../jobs/warc-paths.js";
import type { CapturesRepository } from "../repository.js";
import * as captures from "./captures.js";
import { snapshotOut } from "./paths.js";

export function sqljsCaptures(store: Store, root: string): CapturesRepository {
  return {
    recordCaptures: (jobId, list, now) =>
      store.write((tx) => captures.recordCaptures(tx, root, jobId, list, now)),
    recordRedirects: async (jobId, list) => {
      if (list.length) await store.write((tx) => captures.recordRedirects(tx, jobId, list));
    },
    indexedRecordIds: async (jobId) => captures.indexedRecordIds(store, jobId),
    countSnapshots: async () => captures.countSnapshots(store),
    countSnapshotsOfJob: async (jobId) => captures.countSnapshotsOfJob(store, jobId),
    maxSnapshotId: async () => captures.maxSnapshotId(store),
    firstSnapshotId: async () => captures.firstSnapshotId(store),
    getSnapshot: async (id) => snapshotOut(root, captures.getSnapshot(store, id)),
    snapshotsOfJob: async (jobId) => captures.snapshotsOfJob(store, jobId).map((s) => snapshotOut(root, s)),
    snapshotNeighbours: async (s) => captures.snapshotNeighbours(store, s),
    latestCapturePerSource: async () => captures.latestCapturePerSource(store),
    snapshotCards: async (ids) => captures.snapshotCards(store, ids),
    warcExtents: async (jobIds) =>
      captures
        .warcExtents(store, jobIds)
        .map((w) => ({ path: absolutePath(root, w.warc_path), bytes: w.bytes })),
  };
}
