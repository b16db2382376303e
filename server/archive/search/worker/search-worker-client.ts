/**
 * The main thread's side of one search worker thread: starts it, sends it the build, feeds and
 * searches, and matches answers to searches. When the thread dies, every search still waiting
 * gets null (its caller answers from FTS4) and `onExit` tells the owner, which starts another.
 */
import { type TransferListItem, Worker } from "node:worker_threads";
import type { PageOutcome } from "../memory-search.js";
import type { IndexCoverage } from "../packed/index-file.js";
import type { SearchParams } from "../search-types.js";
import type { FromWorker, IndexStats, SearchKind, ToWorker, WorkerRole } from "./protocol.js";

const workerUrl = new URL("./search-worker.mjs", import.meta.url);
/** Block messages the worker may have queued before the build waits for it (about 1 MB each). */
const BLOCK_WINDOW = 4;
/** A search unanswered this long means the thread is stuck: it is replaced. */
const SEARCH_TIMEOUT_MS = 10_000;

export interface SearchAnswer {
  maxId: number;
  outcome: PageOutcome | null;
}

export class SearchWorkerClient {
  readonly worker: Worker;
  /** The last figures the worker reported (a replica's `maxId` is the index it reads). */
  stats: IndexStats | null = null;
  alive = true;
  /** Searches answered by this worker (for health details and tests). */
  answered = 0;
  /** Why the saved index was not used (primary), and what the saved file holds (read or written). */
  loadMissed: string | null = null;
  saved: { maxId: number; ms: number } | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: (a: SearchAnswer | null) => void; timer: NodeJS.Timeout }>();
  private acked = 0;
  private ackWaiter: (() => void) | null = null;
  private builtWaiter: { resolve: (s: IndexStats | null) => void; reject: (e: Error) => void } | null = null;
  private lastError: Error | null = null;

  constructor(
    readonly role: WorkerRole,
    private readonly onExit: (client: SearchWorkerClient, reason: Error) => void,
    private readonly onError: (err: unknown) => void,
  ) {
    this.worker = new Worker(workerUrl, { workerData: role, transferList: role.port ? [role.port] : [] });
    // Background work: the thread must not keep a finished process alive.
    this.worker.unref();
    this.worker.on("message", (msg: FromWorker) => this.receive(msg));
    this.worker.on("error", (err) => {
      this.lastError = err;
    });
    this.worker.on("exit", (code) =>
      this.died(this.lastError ?? new Error(`search worker exited with code ${code}`)),
    );
  }

  post(msg: ToWorker, transfer: TransferListItem[] = []): void {
    if (this.alive) this.worker.postMessage(msg, transfer);
  }

  /** Sends one message of leaf blocks, waiting first while the worker is too far behind. */
  async sendBlocks(seq: number, blocks: Uint8Array[]): Promise<void> {
    while (this.alive && seq - this.acked > BLOCK_WINDOW)
      await new Promise<void>((resolve) => {
        this.ackWaiter = resolve;
      });
    // Each block is its own copy out of sql.js: hand it over instead of copying it again.
    const own = blocks.filter((b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength);
    this.post(
      { type: "blocks", seq, blocks },
      own.map((b) => b.buffer as ArrayBuffer),
    );
  }

  /**
   * The primary serves the index saved in `file` when it holds exactly the snapshots of `expect`:
   * resolves with its figures, or null when it must be built (the reason is in `loadMissed`).
   */
  load(file: string, expect: IndexCoverage): Promise<IndexStats | null> {
    this.post({ type: "load", file, expect });
    return this.built();
  }

  /** Resolves with the index's figures once the worker has finished the build (null: a load missed). */
  built(): Promise<IndexStats | null> {
    return new Promise((resolve, reject) => {
      if (!this.alive) return reject(this.lastError ?? new Error("search worker is gone"));
      this.builtWaiter = { resolve, reject };
    });
  }

  /** The worker's answer, or null when it cannot give one (then FTS4 answers). */
  search(params: SearchParams, kind: SearchKind, sourceId: number | null): Promise<SearchAnswer | null> {
    if (!this.alive) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
        this.onError(new Error(`search worker gave no answer in ${SEARCH_TIMEOUT_MS} ms: replacing it`));
        void this.worker.terminate();
      }, SEARCH_TIMEOUT_MS);
      this.waiting.set(id, { resolve, timer });
      this.post({ type: "search", id, params, kind, sourceId });
    });
  }

  /** Searches sent and not answered yet. */
  inFlight(): number {
    return this.waiting.size;
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }

  private receive(msg: FromWorker): void {
    switch (msg.type) {
      case "ack":
        this.acked = msg.seq;
        this.ackWaiter?.();
        this.ackWaiter = null;
        return;
      case "built":
        this.stats = msg.stats;
        this.builtWaiter?.resolve(msg.stats);
        this.builtWaiter = null;
        return;
      case "load-missed":
        this.loadMissed = msg.reason;
        this.builtWaiter?.resolve(null);
        this.builtWaiter = null;
        return;
      case "saved":
        this.saved = { maxId: msg.cover.maxId, ms: msg.ms };
        return;
      case "save-failed":
        this.onError(new Error(`search index not saved: ${msg.message}`));
        return;
      case "fed":
      case "adopted":
        this.stats = msg.stats;
        return;
      case "result": {
        const w = this.waiting.get(msg.id);
        if (!w) return;
        this.waiting.delete(msg.id);
        clearTimeout(w.timer);
        if (msg.error) this.onError(new Error(`search worker: ${msg.error}`));
        if (msg.outcome) this.answered++;
        if (msg.stats) this.stats = msg.stats;
        w.resolve(msg.outcome ? { maxId: msg.maxId, outcome: msg.outcome } : null);
        return;
      }
      case "failed":
        this.lastError = new Error(`search worker failed: ${msg.message}`);
        void this.worker.terminate();
        return;
    }
  }

  private died(reason: Error): void {
    if (!this.alive) return;
    this.alive = false;
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.resolve(null);
    }
    this.waiting.clear();
    this.ackWaiter?.();
    this.ackWaiter = null;
    this.builtWaiter?.reject(reason);
    this.builtWaiter = null;
    this.onExit(this, reason);
  }
}
