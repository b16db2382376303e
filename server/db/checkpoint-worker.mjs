/**
 * Checkpoint worker: rebuilds the database file off the main thread. It loads `<name>.sqlite`
 * with its own sql.js, replays the rotated journal(s) it is given (skipping records already in
 * the file, by `_store_meta.last_seq`; refusing a journal damaged in the middle), exports, and
 * writes the result to `outFile` through a temp file that is fsynced and renamed. The main thread
 * only rotates the journal and waits; the export of a large database (seconds) never blocks
 * request handling.
 */
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { foldJournals } from "./fold.mjs";
import { loadSqlJs, writeFileDurably } from "./journal-codec.mjs";

const { dbFile, journals, outFile, tmpFile } = workerData;

/**
 * Lower this thread's CPU priority (Linux: /proc/thread-self names the thread, and setpriority
 * on a thread id affects only that thread): on a busy 2-core machine the request-serving main
 * thread must win the CPU; the checkpoint can take a little longer.
 */
function yieldToMainThread() {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid !== process.pid) os.setPriority(tid, 10);
  } catch {
    // Not Linux, or not permitted: run at normal priority.
  }
}

yieldToMainThread();
try {
  const { bytes, lastSeq } = foldJournals(await loadSqlJs(), dbFile, journals);
  writeFileDurably(outFile, tmpFile, bytes, 8 * 1024 * 1024);
  parentPort.postMessage({ ok: true, lastSeq, bytes: bytes.length });
} catch (err) {
  parentPort.postMessage({ ok: false, message: String(err?.message ?? err), code: err?.code ?? null });
}
