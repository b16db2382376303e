/**
 * A search worker thread: answers searches from the packed index, one message at a time, so
 * their CPU time never holds the main thread. The primary also builds and learns the index
 * (primary.ts), so a search sent after a feed always sees that feed's snapshots; a replica reads
 * the index the primary last handed it (shared memory), and the main thread asks it only for
 * searches over exactly those snapshots.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { memorySearch } from "../memory-search.js";
import type { PackedIndex } from "../packed/packed-index.js";
import { indexFromShared } from "../packed/shared-index.js";
import { Primary } from "./primary.js";
import type { FromWorker, SnapshotMessage, ToWorker, WorkerRole } from "./protocol.js";
import { releaseMemory } from "./release-memory.js";
import { indexStats } from "./stats.js";

const port = parentPort;
if (!port) throw new Error("search-worker.ts runs only as a worker thread");

/**
 * A little below the main thread's CPU priority (Linux: /proc/thread-self names this thread, and
 * setpriority on a thread id affects only it): when the cores are busy, health checks and other
 * requests on the main thread go first, and searches share what is left.
 */
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid !== process.pid) setPriority(tid, 5);
} catch {
  // Not Linux, or not permitted: normal priority.
}
const role = workerData as WorkerRole;
const send = (msg: FromWorker) => port.postMessage(msg);

const primary = role.role === "primary" ? new Primary(send, role) : null;
let replicaIndex: PackedIndex | null = null;
const current = () => primary?.serving ?? replicaIndex;

role.port?.on("message", (msg: SnapshotMessage) => {
  replicaIndex = indexFromShared(msg.index);
  // The index it replaces may hold the only references to a previous packing.
  releaseMemory();
  send({ type: "adopted", stats: indexStats(replicaIndex) });
});

let statsAt = 0;

function search(msg: Extract<ToWorker, { type: "search" }>): void {
  const ix = current();
  if (!ix) {
    send({ type: "result", id: msg.id, maxId: -1, outcome: null });
    return;
  }
  try {
    const outcome = memorySearch(ix, msg.params, msg.kind, msg.sourceId);
    const now = Date.now();
    const stats = now - statsAt > 1000 ? indexStats(ix) : undefined;
    if (stats) statsAt = now;
    send({ type: "result", id: msg.id, maxId: ix.docs.maxId, outcome, stats });
  } catch (err) {
    send({ type: "result", id: msg.id, maxId: -1, outcome: null, error: String(err) });
  }
}

port.on("message", (msg: ToWorker) => {
  try {
    if (msg.type === "search") search(msg);
    else primary?.handle(msg);
  } catch (err) {
    // A build that cannot go on: the main thread starts over with a fresh worker.
    send({ type: "failed", message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
