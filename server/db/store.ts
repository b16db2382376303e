/**
 * The durable store: one sql.js database per module, held in memory, with the disk as the truth.
 *
 * Files under DATA_DIR (see paths.ts): `<name>.sqlite` is the last checkpoint; `<name>.journal`
 * holds every transaction committed since, one checksummed record each, fdatasynced before the
 * write resolves; `<name>.journal.ckpt` is a rotated journal being folded into the file by the
 * checkpoint worker. Opening loads the file and replays the journals (recover.ts).
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
import { loadSnapshot, recoverDatabase } from "./recover.js";
import type { StoreLogger, StoreOptions } from "./types.js";

export { DurableStore } from "./durable-store.js";

const consoleLogger: StoreLogger = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/** Opens (creating if needed) the module's database under `dataDir`; see StoreOptions. */
export async function createStore(opts: StoreOptions): Promise<DurableStore> {
  const SQL = await loadSqlJs();
  const paths = storePaths(opts.dataDir, opts.name);
  const logger = opts.logger ?? consoleLogger;
  if (opts.readOnly) {
    return new DurableStore(opts.name, paths, await loadSnapshot(SQL, paths), logger, null, 0);
  }
  try {
    fs.mkdirSync(paths.dir, { recursive: true });
  } catch (err) {
    logger.warn({ dir: paths.dir, err: describeError(err) }, "cannot create DATA_DIR");
  }
  const locked = acquireLock(paths.lock);
  try {
    fs.rmSync(paths.tmp, { force: true });
  } catch {
    // A leftover temp file is harmless: the next checkpoint overwrites it.
  }
  let store: DurableStore;
  try {
    const { db, lastSeq, journalBytes } = recoverDatabase(SQL, paths, logger);
    const journal = new JournalFile(paths.journal, journalBytes);
    store = new DurableStore(opts.name, paths, db, logger, journal, lastSeq + 1);
    try {
      journal.open();
    } catch (err) {
      store.markUnwritable(err);
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
  store.startAutoCheckpoint({
    intervalMs: opts.checkpointIntervalMs,
    journalBytes: opts.checkpointJournalBytes,
  });
  return store;
}
