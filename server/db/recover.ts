/**
 * Opening a database = load the last checkpoint + replay the journals written since.
 * `recoverDatabase` (the writer) cuts a torn or corrupt journal tail with a warning; it never
 * fails on one. `loadSnapshot` (read-only, while another process may be writing) changes nothing
 * on disk and retries until it has read a file set that no checkpoint replaced meanwhile.
 */
import fs from "node:fs";
import type { Database, SqlJsStatic } from "sql.js";
import {
  getLastSeq,
  openDatabase,
  parseJournal,
  readJournalFile,
  replayRecords,
  setLastSeq,
} from "./journal-codec.mjs";
import type { StorePaths } from "./paths.js";
import type { StoreLogger } from "./types.js";

function readIfExists(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/** Cuts a journal back to its intact prefix and makes the cut durable. */
function truncateTail(file: string, validBytes: number): void {
  const fd = fs.openSync(file, "r+");
  try {
    fs.ftruncateSync(fd, validBytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface Recovered {
  db: Database;
  /** Highest sequence number in the database or in any journal: the next write uses +1. */
  lastSeq: number;
  replayed: number;
  /** Length of the intact prefix of `<name>.journal`: appends continue from there. */
  journalBytes: number;
}

export function recoverDatabase(SQL: SqlJsStatic, paths: StorePaths, logger: StoreLogger): Recovered {
  const db = openDatabase(SQL, readIfExists(paths.db));
  let lastSeq = getLastSeq(db);
  let replayed = 0;
  let journalBytes = 0;
  try {
    for (const file of [paths.ckpt, paths.journal]) {
      const buf = readJournalFile(file);
      const { records, validBytes, problem } = parseJournal(buf);
      if (problem) {
        logger.warn(
          { file, problem, keptBytes: validBytes, droppedBytes: buf.length - validBytes },
          "journal tail is torn or corrupt; discarding it (writes after the last intact record were never acknowledged)",
        );
        try {
          truncateTail(file, validBytes);
        } catch (err) {
          logger.warn(
            { file, err: String(err) },
            "could not cut the journal tail; it will be ignored again on the next open",
          );
        }
      }
      if (file === paths.journal) journalBytes = validBytes;
      const first = records.find((r) => r.seq > lastSeq);
      if (first && first.seq !== lastSeq + 1) {
        logger.error(
          { file, expected: lastSeq + 1, found: first.seq },
          "journal sequence gap: some transactions are missing",
        );
      }
      const before = lastSeq;
      lastSeq = replayRecords(db, records, lastSeq);
      replayed += records.filter((r) => r.seq > before).length;
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, lastSeq, replayed, journalBytes };
}

function inode(file: string): number {
  try {
    return fs.statSync(file).ino;
  } catch {
    return -1;
  }
}

/**
 * A consistent in-memory copy of a database another process may be writing: whole transactions
 * only, up to the last record fully written when the journal was read.
 */
export async function loadSnapshot(SQL: SqlJsStatic, paths: StorePaths): Promise<Database> {
  for (let attempt = 0; ; attempt++) {
    const before = [inode(paths.db), inode(paths.journal)];
    const db = openDatabase(SQL, readIfExists(paths.db));
    let lastSeq = getLastSeq(db);
    let consistent = true;
    try {
      for (const file of [paths.ckpt, paths.journal]) {
        const { records } = parseJournal(readJournalFile(file));
        const first = records.find((r) => r.seq > lastSeq);
        if (first && first.seq !== lastSeq + 1) consistent = false;
        lastSeq = replayRecords(db, records, lastSeq);
      }
    } catch (err) {
      db.close();
      throw err;
    }
    const after = [inode(paths.db), inode(paths.journal)];
    if (consistent && before[0] === after[0] && before[1] === after[1]) {
      setLastSeq(db, lastSeq);
      return db;
    }
    db.close();
    // A checkpoint replaced files while they were read: read them again.
    if (attempt >= 50)
      throw new Error(`could not read a consistent copy of ${paths.db}: checkpoints keep replacing it`);
    await new Promise((r) => setTimeout(r, 20 + attempt * 10));
  }
}
