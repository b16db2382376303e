/**
 * The search worker: owns the packed index and answers searches, so their CPU time never holds
 * the main thread. It builds the index from the FTS4 leaf blocks the main thread streams to it,
 * learns each new snapshot from the indexer's feed, and answers one search per message, in
 * order: a search sent after a feed always sees that feed's snapshots.
 */
import { parentPort } from "node:worker_threads";
import { readLeaf } from "../fts-leaf.js";
import { memorySearch } from "../memory-search.js";
import { PackedIndex } from "../packed/packed-index.js";
import type { FedDoc, FromWorker, IndexStats, ToWorker } from "./protocol.js";

const port = parentPort;
if (!port) throw new Error("search-worker.ts runs only as a worker thread");

let serving: PackedIndex | null = null;
let building: PackedIndex | null = null;
/** Feeds that arrived while a build ran; applied once it ends (those above the build's range). */
let held: FedDoc[] = [];

const send = (msg: FromWorker) => port.postMessage(msg);

/** This thread's heap and array buffers (a worker's figures are its own, not the process's). */
function threadMemory(): { heapUsed: number; external: number } {
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external };
}

function stats(ix: PackedIndex): IndexStats {
  return {
    documents: ix.docs.count,
    terms: ix.terms.size,
    bytes: ix.bytes(),
    ...threadMemory(),
    maxId: ix.docs.maxId,
    usable: ix.docs.usable,
  };
}

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

function feed(ix: PackedIndex, docs: FedDoc[]): void {
  const fresh = docs.filter((f) => f.meta.id > ix.docs.maxId).sort((a, b) => a.meta.id - b.meta.id);
  for (const f of fresh) {
    const d = ix.docs.add(f.meta, [0, 0, 0]);
    ix.addText(d, [f.title, f.url, f.text]);
  }
  if (fresh.length) ix.compactIfLoose();
}

let sink: ReturnType<typeof sinkFor> | null = null;

function handle(msg: ToWorker): void {
  switch (msg.type) {
    case "build-start":
      building = new PackedIndex();
      sink = sinkFor(building, msg.upTo);
      return;
    case "docs": {
      const ix = building as PackedIndex;
      msg.metas.forEach((m, i) => {
        ix.docs.add(m, msg.sizes.slice(i * 3, i * 3 + 3));
      });
      return;
    }
    case "blocks":
      for (const b of msg.blocks) readLeaf(b, sink as ReturnType<typeof sinkFor>);
      send({ type: "ack", seq: msg.seq });
      return;
    case "build-abort":
      building = null;
      sink = null;
      return;
    case "build-end": {
      const ix = building as PackedIndex;
      ix.docs.reserve(msg.upTo + 1);
      ix.finish();
      ix.docs.maxId = Math.max(ix.docs.maxId, msg.upTo);
      building = null;
      sink = null;
      serving = ix;
      feed(ix, held);
      held = [];
      send({ type: "built", stats: stats(ix) });
      return;
    }
    case "feed":
      if (building || !serving) held.push(...msg.docs);
      else {
        feed(serving, msg.docs);
        send({ type: "fed", stats: stats(serving) });
      }
      return;
    case "search": {
      if (!serving) {
        send({ type: "result", id: msg.id, maxId: -1, outcome: null });
        return;
      }
      try {
        const outcome = memorySearch(serving, msg.params, msg.kind, msg.sourceId);
        send({ type: "result", id: msg.id, maxId: serving.docs.maxId, outcome });
      } catch (err) {
        send({ type: "result", id: msg.id, maxId: -1, outcome: null, error: String(err) });
      }
      return;
    }
  }
}

port.on("message", (msg: ToWorker) => {
  try {
    handle(msg);
  } catch (err) {
    // A build that cannot go on: the main thread starts over with a fresh worker.
    send({ type: "failed", message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
