/**
 * The primary search worker's state: it reads the index saved beside the database or builds it
 * from the FTS4 leaf blocks the main thread streams to it, learns each new snapshot from the
 * indexer's feed, and hands the packed index to the replicas (shared memory) after a build and
 * once feeds have paused for `quietMs`. It saves the index after a build and once feeds have
 * paused for `saveQuietMs`, so the next start reads it instead of building.
 */
import type { MessagePort } from "node:worker_threads";
import { readLeaf } from "../fts-leaf.js";
import { type IndexCoverage, loadIndexFile, saveIndexFile } from "../packed/index-file.js";
import { PackedIndex } from "../packed/packed-index.js";
import { indexFromShared, ownColumns, type SharedIndex, shareIndex } from "../packed/shared-index.js";
import type { FedDoc, FromWorker, SnapshotMessage, ToWorker, WorkerRole } from "./protocol.js";
import { releaseMemory } from "./release-memory.js";
import { indexStats } from "./stats.js";

/** Adds leaf postings to the index under construction (documents beyond the build are skipped). */
function sinkFor(ix: PackedIndex, upTo: number) {
  let open = false;
  return {
    term(text: string) {
      if (open) ix.endTerm();
      ix.beginTerm(text);
      open = true;
    },
    posting(docid: number, t0: number, t1: number, t2: number, pos: Int32Array) {
      if (docid <= upTo) ix.posting(docid, t0, t1, t2, pos);
    },
    end() {
      if (open) ix.endTerm();
      open = false;
    },
  };
}

export class Primary {
  serving: PackedIndex | null = null;
  private building: PackedIndex | null = null;
  private sink: ReturnType<typeof sinkFor> | null = null;
  /** Feeds that arrived while a build ran; applied once it ends (those above the build's range). */
  private held: FedDoc[] = [];
  private replicas: MessagePort[] = [];
  private shared: SharedIndex | null = null;
  private quietTimer: NodeJS.Timeout | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  /** The snapshots the saved file holds (none yet: -1). */
  private savedMaxId = -1;

  constructor(
    private readonly send: (msg: FromWorker) => void,
    private readonly role: Pick<WorkerRole, "quietMs" | "saveTo" | "saveQuietMs">,
  ) {}

  handle(msg: Exclude<ToWorker, { type: "search" }>): void {
    switch (msg.type) {
      case "build-start":
        this.building = new PackedIndex();
        this.sink = sinkFor(this.building, msg.upTo);
        return;
      case "docs": {
        const ix = this.building as PackedIndex;
        msg.metas.forEach((m, i) => {
          ix.docs.add(m, msg.sizes.slice(i * 3, i * 3 + 3));
        });
        return;
      }
      case "blocks":
        for (const b of msg.blocks) readLeaf(b, this.sink as ReturnType<typeof sinkFor>);
        this.send({ type: "ack", seq: msg.seq });
        return;
      case "build-abort":
        this.building = null;
        this.sink = null;
        return;
      case "build-end":
        this.buildEnd(msg.upTo);
        return;
      case "load":
        this.load(msg.file, msg.expect);
        return;
      case "feed":
        if (this.building || !this.serving) this.held.push(...msg.docs);
        else {
          this.feed(this.serving, msg.docs);
          this.send({ type: "fed", stats: indexStats(this.serving) });
        }
        return;
      case "replica-port":
        this.replicas.push(msg.port);
        msg.port.once("close", () => {
          this.replicas = this.replicas.filter((p) => p !== msg.port);
        });
        if (this.shared && this.shared.maxId === this.serving?.docs.maxId)
          msg.port.postMessage({ type: "snapshot", index: this.shared } satisfies SnapshotMessage);
        else this.publishSoon(0);
        return;
    }
  }

  private buildEnd(upTo: number): void {
    const ix = this.building as PackedIndex;
    ix.docs.reserve(upTo + 1);
    ix.finish();
    ix.docs.maxId = Math.max(ix.docs.maxId, upTo);
    this.building = null;
    this.sink = null;
    this.serving = ix;
    this.shared = null;
    this.feed(ix, this.held);
    this.held = [];
    releaseMemory();
    this.send({ type: "built", stats: indexStats(ix) });
    this.publishSoon(0);
    this.saveSoon(0);
  }

  private load(file: string, expect: IndexCoverage): void {
    let got: ReturnType<typeof loadIndexFile>;
    let ix: PackedIndex;
    try {
      got = loadIndexFile(file, expect);
      if ("missed" in got) {
        this.send({ type: "load-missed", reason: `${got.missed}: ${got.detail}` });
        return;
      }
      ix = indexFromShared(got.index);
      // Feeds add snapshots to it: the lookups a replica never needs.
      ix.docs.relink();
    } catch (err) {
      // An unreadable file must never stop the worker (it would be read again at each restart).
      this.send({
        type: "load-missed",
        reason: `damaged: ${err instanceof Error ? err.message : String(err)}`,
      });
      return;
    }
    this.serving = ix;
    this.shared = got.index;
    this.savedMaxId = got.cover.maxId;
    this.send({ type: "saved", cover: got.cover, ms: 0 });
    this.send({ type: "built", stats: indexStats(ix) });
    this.feed(ix, this.held);
    this.held = [];
    this.publishSoon(0);
  }

  private feed(ix: PackedIndex, docs: FedDoc[]): void {
    const fresh = docs.filter((f) => f.meta.id > ix.docs.maxId).sort((a, b) => a.meta.id - b.meta.id);
    if (!fresh.length) return;
    // Replicas read the columns handed out last time: change private copies instead.
    ownColumns(ix);
    for (const f of fresh) {
      const d = ix.docs.add(f.meta, [0, 0, 0]);
      ix.addText(d, [f.title, f.url, f.text]);
    }
    ix.compactIfLoose();
    this.publishSoon(this.role.quietMs);
    this.saveSoon(this.role.saveQuietMs ?? 0);
  }

  /** Saves the serving index `delay` ms after the last change (a save takes a while: not after each feed). */
  private saveSoon(delay: number): void {
    const file = this.role.saveTo;
    if (!file) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      const ix = this.serving;
      if (!ix || this.building || ix.docs.maxId === this.savedMaxId) return;
      const t0 = performance.now();
      const cover = { maxId: ix.docs.maxId, count: ix.docs.count };
      try {
        // The shared form is the packed one: the same the replicas read.
        if (this.shared?.maxId !== ix.docs.maxId) this.shared = shareIndex(ix);
        saveIndexFile(file, this.shared, cover);
        this.savedMaxId = cover.maxId;
        this.send({ type: "saved", cover, ms: Math.round(performance.now() - t0) });
      } catch (err) {
        this.send({ type: "save-failed", message: err instanceof Error ? err.message : String(err) });
      }
    }, delay);
  }

  /** Hands the index to the replicas after `delay` ms without a feed (none without replicas). */
  private publishSoon(delay: number): void {
    if (!this.replicas.length) return;
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      const ix = this.serving;
      if (!ix || !this.replicas.length) return;
      if (this.shared?.maxId !== ix.docs.maxId) this.shared = shareIndex(ix);
      for (const p of this.replicas)
        p.postMessage({ type: "snapshot", index: this.shared } satisfies SnapshotMessage);
      releaseMemory();
    }, delay);
  }
}
