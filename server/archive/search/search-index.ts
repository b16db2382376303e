/**
 * The packed search index (index-pools.ts) for callers holding a sql.js store or a repository: the
 * module, the indexer and the tests. It takes the store-or-repository form here, outside the
 * search core, so the sql.js repository can run searches without importing repository-of.ts.
 */
import type { Store } from "../../db/types.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { maxSnapshotId } from "../repository-sqljs/index-feed.js";
import type { IndexedText, SearchIndexOptions } from "./index-pools.js";
import * as pools from "./index-pools.js";

export type { IndexedText, SearchIndexOptions } from "./index-pools.js";

/** Starts the store's search workers and build; `stop()` ends them (module stop, store closed). */
export function startSearchIndex(
  from: StoreOrRepository,
  onError: (err: unknown) => void,
  enabled = true,
  options: SearchIndexOptions = {},
): { stop(): void } {
  return pools.startSearchIndex(asArchiveRepository(from), onError, enabled, options);
}

/** For /api/health?details=1: whether the index serves, its size, its workers and restarts. */
export function searchIndexStatus(db: StoreOrRepository): Record<string, unknown> {
  return pools.searchIndexStatus(asArchiveRepository(db));
}

/** True once the store's index holds every snapshot (tests on sql.js wait for it). */
export function searchIndexReady(store: Store): boolean {
  return pools.searchIndexReady(asArchiveRepository(store), maxSnapshotId(store));
}

/** The store's worker threads, primary first, for tests that need to stop one the hard way. */
export function searchWorkersOf(db: StoreOrRepository) {
  return pools.searchWorkersOf(asArchiveRepository(db));
}

/** Called by the indexer after each committed batch with the new snapshots' indexed text. */
export async function feedSearchIndex(target: StoreOrRepository, texts: IndexedText[]): Promise<void> {
  return pools.feedSearchIndex(asArchiveRepository(target), texts);
}
