/**
 * Search of the sql.js archive repository: the packed in-memory index (search/) built from the
 * feed below, and FTS4 for URL queries and while that index is not ready.
 */
import type { Store } from "../../db/types.js";
import type { ArchiveRepository, SearchIndexFeed, SearchRepository } from "../repository.js";
import { runSearch, searchUncached } from "../search/run-search.js";
import { fallbackSearch, pageCaptureCounts } from "./fts-search.js";
import * as feed from "./index-feed.js";

export function sqljsSearch(store: Store, self: () => ArchiveRepository): SearchRepository & SearchIndexFeed {
  return {
    searchSnapshots: (p) => runSearch(self(), p),
    searchSnapshotsUncached: (p) => searchUncached(self(), p),
    fallbackSearch: async (p, kind) => fallbackSearch(store, p, kind),
    pageCaptureCounts: async (groups, top) => pageCaptureCounts(store, groups, top),
    sourceIdOf: async (code) => feed.sourceIdOf(store, code),
    indexStart: (onRead) => feed.indexStart(store, onRead),
    readDocMetas: async (after, upTo, limit) => feed.readDocMetas(store, after, upTo, limit),
    readDocMetasOf: async (ids) => feed.readDocMetasOf(store, ids),
    countSnapshotsBetween: async (after, upTo) => feed.countSnapshotsBetween(store, after, upTo),
    segmentAlive: async (seg) => feed.segmentAlive(store, seg),
    leafBlocks: async (seg, from, count) => feed.leafBlocks(store, seg, from, count),
    readDocSizes: async (after, upTo, limit) => feed.readDocSizes(store, after, upTo, limit),
  };
}
