/**
 * Where a search index build or load takes the snapshots it starts from. A write transaction
 * stays open until its journal record is on disk, and reads meanwhile already see its snapshot
 * rows, but FTS4 keeps their words in memory until COMMIT: an index started then would hold
 * those snapshots without their words (and the indexer's feed, which comes after the commit,
 * would be taken as covered). Run inside the store's write queue, `read` sees only committed
 * data. A reader without a queue, or a store that refuses writes, is read directly.
 */
import type { Reader, Store } from "../../db/types.js";

export async function betweenWrites<T>(db: Reader, read: () => T): Promise<T> {
  const store = db as Partial<Store>;
  if (typeof store.write !== "function") return read();
  let done = false;
  let value: T | undefined;
  try {
    // A transaction with no statement: it commits at once and writes nothing to the journal.
    value = await store.write(() => {
      done = true;
      return read();
    });
  } catch (err) {
    // `read` itself failed: that is the caller's error. Otherwise the queue refused to run it.
    if (done) throw err;
  }
  return done ? (value as T) : read();
}
