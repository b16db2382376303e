/**
 * Read-only opens (CLI reads and backups beside a running server): `loadSnapshot` changes
 * nothing on disk and retries until it has read a file set that no checkpoint replaced meanwhile.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database, SqlJsStatic } from "sql.js";
import { getLastSeq, openDatabase, readJournalFile, replayRecords, setLastSeq } from "./journal-codec.mjs";
import { inspectJournal, sequenceGap } from "./journal-scan.mjs";
import type { StorePaths } from "./paths.js";
import { isDamaged, journalSources, readIfExists } from "./recover.js";

function inode(file: string): number {
  try {
    return fs.statSync(file).ino;
  } catch {
    return -1;
  }
}

/**
 * A consistent in-memory copy of a database another process may be writing: whole transactions
 * only, up to the last record fully written when the journal was read (or up to the damage or
 * the first missing record, which `damaged` then names: what follows it is not in the copy).
 */
export async function loadSnapshot(
  SQL: SqlJsStatic,
  paths: StorePaths,
): Promise<{ db: Database; damaged: string | null }> {
  for (let attempt = 0; ; attempt++) {
    const before = [inode(paths.db), inode(paths.journal)];
    const db = openDatabase(SQL, readIfExists(paths.db));
    let lastSeq = getLastSeq(db);
    let gapSeen = false;
    let damaged: string | null = null;
    try {
      for (const source of journalSources(paths)) {
        const inspected = inspectJournal(readJournalFile(source.file));
        const gap = sequenceGap(inspected.records, lastSeq);
        lastSeq = replayRecords(db, gap ? inspected.records.slice(0, gap.index) : inspected.records, lastSeq);
        gapSeen ||= gap !== null;
        if (gap || isDamaged(source, inspected, lastSeq)) {
          damaged = `${path.basename(source.file)} is damaged or misses records after record ${lastSeq}: this copy stops there`;
          break;
        }
      }
    } catch (err) {
      db.close();
      throw err;
    }
    const after = [inode(paths.db), inode(paths.journal)];
    // A gap is either a checkpoint that rotated the journal while it was read (read again) or
    // records missing from the files (damage: serve what comes before it, as the writer does).
    const settled = !gapSeen || attempt >= 3;
    if (settled && before[0] === after[0] && before[1] === after[1]) {
      setLastSeq(db, lastSeq);
      return { db, damaged };
    }
    db.close();
    // A checkpoint replaced files while they were read: read them again.
    if (attempt >= 50)
      throw new Error(`could not read a consistent copy of ${paths.db}: checkpoints keep replacing it`);
    await new Promise((r) => setTimeout(r, 20 + attempt * 10));
  }
}
