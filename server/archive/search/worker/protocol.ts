/** Messages between the main thread and the search worker (search-worker.ts). */
import type { PageOutcome } from "../memory-search.js";
import type { DocMeta } from "../packed/doc-table.js";
import type { SearchParams } from "../search-types.js";

export type SearchKind = "newest" | "relevance" | "boolean";

/** A new snapshot's columns and the text FTS4 indexed for it. */
export interface FedDoc {
  meta: DocMeta;
  title: string;
  url: string;
  text: string;
}

export type ToWorker =
  /**
   * A build of snapshots up to `upTo` begins: snapshot columns and FTS4 leaf blocks (oldest
   * segment first) follow, interleaved, then its end.
   */
  | { type: "build-start"; upTo: number }
  | { type: "docs"; metas: DocMeta[]; sizes: number[] }
  | { type: "blocks"; seq: number; blocks: Uint8Array[] }
  | { type: "build-end"; upTo: number }
  | { type: "build-abort" }
  | { type: "feed"; docs: FedDoc[] }
  | { type: "search"; id: number; params: SearchParams; kind: SearchKind; sourceId: number | null };

export interface IndexStats {
  documents: number;
  terms: number;
  /** Approximate bytes held by the index (typed arrays, vocabulary, URL groups). */
  bytes: number;
  /** The worker thread's own memory as V8 measures it: JS heap in use, and array buffers. */
  heapUsed: number;
  external: number;
  maxId: number;
  /** False when a capture time is not in canonical ISO form (then FTS4 answers every query). */
  usable: boolean;
}

export type FromWorker =
  | { type: "ack"; seq: number }
  | { type: "built"; stats: IndexStats }
  | { type: "fed"; stats: IndexStats }
  | { type: "result"; id: number; maxId: number; outcome: PageOutcome | null; error?: string }
  | { type: "failed"; message: string };
