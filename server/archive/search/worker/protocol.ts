/** Messages between the main thread and the search worker (search-worker.ts). */
import type { MessagePort } from "node:worker_threads";
import type { PageOutcome } from "../memory-search.js";
import type { DocMeta } from "../packed/doc-table.js";
import type { IndexCoverage } from "../packed/index-file.js";
import type { SharedIndex } from "../packed/shared-index.js";
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
  /** To the primary: serve the index saved in `file` if it holds exactly `expect` (else "load-missed"). */
  | { type: "load"; file: string; expect: IndexCoverage }
  | { type: "search"; id: number; params: SearchParams; kind: SearchKind; sourceId: number | null }
  /** To the primary: a replica's end of a channel, to hand it the index after every change. */
  | { type: "replica-port"; port: MessagePort };

/** What a worker is: the primary builds, learns and shares the index; a replica only reads it. */
export interface WorkerRole {
  role: "primary" | "replica";
  /** Primary: how long after the last feed the index is handed to replicas again. */
  quietMs: number;
  /** Primary: where it saves its index after a build and `saveQuietMs` after the last feed (null: never). */
  saveTo?: string | null;
  saveQuietMs?: number;
  /** Replica: where the primary's index arrives. */
  port?: MessagePort;
}

/** From the primary to a replica. */
export interface SnapshotMessage {
  type: "snapshot";
  index: SharedIndex;
}

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
  /** The saved index was not used: missing, stale (other snapshots) or damaged. */
  | { type: "load-missed"; reason: string }
  | { type: "saved"; cover: IndexCoverage; ms: number }
  | { type: "save-failed"; message: string }
  /** A replica now reads the primary's index as of `stats.maxId`. */
  | { type: "adopted"; stats: IndexStats }
  | {
      type: "result";
      id: number;
      maxId: number;
      outcome: PageOutcome | null;
      error?: string;
      /** Fresh figures, at most about once a second. */
      stats?: IndexStats;
    }
  | { type: "failed"; message: string };
