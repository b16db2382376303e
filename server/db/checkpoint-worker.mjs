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
import {
  getLastSeq,
  loadSqlJs,
  openDatabase,
  readJournalFile,
  replayRecords,
  setLastSeq,
  writeFileDurably,
} from "./journal-codec.mjs";
import { damageMatters, inspectJournal } from "./journal-scan.mjs";

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

function readIfExists(file) {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}

yieldToMainThread();
try {
  const SQL = await loadSqlJs();
  const db = openDatabase(SQL, readIfExists(dbFile));
  let lastSeq = getLastSeq(db);
  for (const journal of journals) {
    const inspected = inspectJournal(readJournalFile(journal));
    lastSeq = replayRecords(db, inspected.records, lastSeq);
    // Folding only the part before the damage would lose the records after it once the rotated
    // journal is deleted: leave everything as it is; the next open keeps it aside.
    if (inspected.problem && damageMatters(inspected, lastSeq)) {
      throw new Error(
        `${journal} is damaged at byte ${inspected.validBytes} with ${inspected.later.length} intact records after it; not folded`,
      );
    }
  }
  setLastSeq(db, lastSeq);
  const bytes = db.export();
  db.close();
  writeFileDurably(outFile, tmpFile, bytes, 8 * 1024 * 1024);
  parentPort.postMessage({ ok: true, lastSeq, bytes: bytes.length });
} catch (err) {
  parentPort.postMessage({ ok: false, message: String(err?.message ?? err), code: err?.code ?? null });
}
