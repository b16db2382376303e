/**
 * Search over snapshots. `searchSnapshots` is what routes and tasks call; each backend answers it
 * its own way (sql.js: the packed in-memory index, FTS4 while that is not ready or for URL
 * queries). The feed methods are what the packed index is built from on sql.js: a backend that
 * searches natively never has them called and may answer empty.
 */
import type { DocMeta } from "../search/packed/doc-table.js";
import type { detectMode } from "../search/query-parse.js";
import type { SearchOutcome, SearchParams } from "../search/search-types.js";

/** The kind of query `detectMode` sees: newest, url, boolean or relevance. */
export type QueryKind = ReturnType<typeof detectMode>;

/** One FTS4 segment of the full-text index (sql.js), oldest first. */
export interface SegmentRef {
  level: number;
  idx: number;
  start: number;
  leavesEnd: number;
  root: Uint8Array;
}

/** Where an index build starts: read between two writes, so only committed snapshots count. */
export interface IndexStart {
  maxId: number;
  count: number;
  segments: SegmentRef[];
}

export interface SearchRepository {
  /** One search, with the result cache of the backend (keyed by the data it read). */
  searchSnapshots(p: SearchParams): Promise<SearchOutcome>;
  /** The same search without any cache (tests compare paths with it, benchmarks time it). */
  searchSnapshotsUncached(p: SearchParams): Promise<SearchOutcome>;
  /** The FTS4 answer (sql.js), used for URL queries and while the packed index is not ready. */
  fallbackSearch(p: SearchParams, kind: QueryKind): Promise<SearchOutcome>;
  /** Captures per URL group among snapshots up to `top` (unfiltered). */
  pageCaptureCounts(groups: readonly string[], top: number): Promise<Map<string, number>>;
  /** The id of a source code: -2 when no source has it, null without a code. */
  sourceIdOf(code: string | undefined): Promise<number | null>;
}

export interface SearchIndexFeed {
  /**
   * Reads where a build starts. `onRead` runs synchronously right where it was read, before any
   * later write can commit (the build announces its start there, so no feed slips in before it).
   */
  indexStart(onRead?: (start: IndexStart) => void): Promise<IndexStart>;
  /** Snapshot columns of ids in (afterId, upTo], ascending, at most `limit`. */
  readDocMetas(afterId: number, upTo: number, limit: number): Promise<DocMeta[]>;
  readDocMetasOf(ids: readonly number[]): Promise<DocMeta[]>;
  countSnapshotsBetween(afterId: number, upTo: number): Promise<number>;
  /** True while the segment is still in place (FTS may merge it away during a build). */
  segmentAlive(seg: SegmentRef): Promise<boolean>;
  /** Leaf blocks of a segment, `count` at a time from `from`. */
  leafBlocks(seg: SegmentRef, from: number, count: number): Promise<Uint8Array[]>;
  /** Per-document token counts (title, url, body) as FTS counted them. */
  readDocSizes(
    afterId: number,
    upTo: number,
    limit: number,
  ): Promise<{ id: number; len: [number, number, number] }[]>;
}
