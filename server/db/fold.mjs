/**
 * Folding rotated journals into a database file's bytes: load `<name>.sqlite` (or an empty
 * database), replay the journals' records after its `_store_meta.last_seq`, record the new
 * last_seq and export. Pure computation on a sql.js of the caller's thread; writing the result
 * durably is the caller's part. Shared by the checkpoint worker and the main thread's in-thread
 * fold of a small store (checkpoint.ts).
 */
import fs from "node:fs";
import { getLastSeq, openDatabase, readJournalFile, replayRecords, setLastSeq } from "./journal-codec.mjs";
import { damageMatters, inspectJournal } from "./journal-scan.mjs";

function readIfExists(file) {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}

export function foldJournals(SQL, dbFile, journals) {
  const db = openDatabase(SQL, readIfExists(dbFile));
  try {
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
    return { bytes: db.export(), lastSeq };
  } finally {
    db.close();
  }
}
