/**
 * The durable store: one sql.js database per module, held in memory, with the disk as the truth.
 *
 * Files under DATA_DIR (see paths.ts): `<name>.sqlite` is the last checkpoint; `<name>.journal`
 * holds every transaction committed since, one checksummed record each, fdatasynced before the
 * write resolves; `<name>.journal.ckpt` is a rotated journal being folded into the file by a
 * checkpoint (checkpoint.ts). Opening loads the file and replays the journals (recover.ts). Only
 * the process holding `<name>.lock` (lock.ts) writes; a journal damaged in the middle makes the store
 * refuse writes until `chc db repair` (write-access.ts, repair.ts).
 *
 * All writes pass one promise queue per store; a transaction's callback runs synchronously, so
 * reads never see half of one. Its journal record is written and fdatasynced on the libuv pool
 * while the transaction stays open, so a slow disk never blocks other requests; reads in that
 * window already see the pending transaction. If the disk refuses the record, the transaction
 * rolls back and the write rejects with StorageUnavailableError (503); reads keep working; the
 * next write tries the disk again.
 */
import fs from "node:fs";
import { DurableStore } from "./durable-store.js";
import { JournalFile } from "./journal.js";
import { loadSqlJs } from "./journal-codec.mjs";
import { acquireLock, releaseLock } from "./lock.js";
import { upgrade } from "./migrations.js";
import { describeError, storePaths } from "./paths.js";
import { recoverDatabase } from "./recover.js";
import { loadSnapshot } from "./snapshot.js";
import type { StoreLogger, StoreOptions } from "./types.js";
import { WriteAccess } from "./write-access.js";

export { DurableStore } from "./durable-store.js";

const consoleLogger: StoreLogger = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

function removeLeftoverTemp(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // A leftover temp file is harmless: the next checkpoint overwrites it.
  }
}

/** Opens (creating if needed) the module's database under `dataDir`; see StoreOptions. */
export async function createStore(opts: StoreOptions): Promise<DurableStore> {
  const SQL = await loadSqlJs();
  const paths = storePaths(opts.dataDir, opts.name);
  const logger = opts.logger ?? consoleLogger;
  if (opts.readOnly) {
    const { db, damaged } = await loadSnapshot(SQL, paths);
    return new DurableStore(opts.name, paths, db, logger, null, 0, null, damaged);
  }
  try {
    fs.mkdirSync(paths.dir, { recursive: true });
  } catch (err) {
    logger.warn({ dir: paths.dir, err: describeError(err) }, "cannot create DATA_DIR");
  }
  // Throws if another live process holds the lock; false if the folder cannot be written.
  const locked = await acquireLock(paths.lock);
  let store: DurableStore;
  let damaged = false;
  try {
    if (locked) removeLeftoverTemp(paths.tmp);
    // Without the lock nothing on disk is touched: no tail is cut, no journal opened.
    const { db, lastSeq, journalBytes, damage } = recoverDatabase(SQL, paths, logger, locked);
    damaged = damage !== null;
    const journal = new JournalFile(paths.journal, journalBytes);
    const access = new WriteAccess(paths, locked, damage);
    store = new DurableStore(opts.name, paths, db, logger, journal, lastSeq + 1, access);
    if (!locked) {
      store.markUnwritable(new Error("the folder cannot be written: the writer lock could not be created"));
    } else if (!damaged) {
      try {
        journal.open();
      } catch (err) {
        store.markUnwritable(err);
      }
    }
  } catch (err) {
    if (locked) releaseLock(paths.lock);
    throw err;
  }
  try {
    if (opts.migrations) await upgrade(store, opts.migrations);
  } catch (err) {
    await store.close({ checkpoint: false });
    throw err;
  }
  if (!damaged)
    store.startAutoCheckpoint({
      intervalMs: opts.checkpointIntervalMs,
      journalBytes: opts.checkpointJournalBytes,
    });
  return store;
}
