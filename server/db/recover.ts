/**
 * Opening a database = load the last checkpoint + replay the journals written since.
 * `recoverDatabase` (the writer) cuts a torn journal tail (a short last record) with a warning.
 * Any other damage is never cut: a bad record with intact ones after it, a whole last record that
 * fails its checksum, or a gap in the sequence numbers (a record cut out, an older database file
 * beside a newer journal). The journal is kept aside as `<journal>.damaged`, the records before
 * the damage are served, and the store refuses writes until `chc db repair` (repair.ts).
 * Read-only opens are in snapshot.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database, SqlJsStatic } from "sql.js";
import { fsyncDir, getLastSeq, openDatabase, readJournalFile, replayRecords } from "./journal-codec.mjs";
import {
  damageMatters,
  type InspectedJournal,
  inspectJournal,
  type SequenceGap,
  sequenceGap,
} from "./journal-scan.mjs";
import { describeError, type StorePaths } from "./paths.js";
import type { StoreLogger } from "./types.js";

export function readIfExists(file: string): Buffer | null {
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

export interface JournalSource {
  /** The file to read: the journal itself, or its damaged copy kept aside. */
  file: string;
  /** Where a damaged copy of this journal is kept aside. */
  aside: string;
  isAside: boolean;
}

/** The journals to replay, oldest first (rotated, then current); a damaged copy stands in for its journal. */
export function journalSources(paths: StorePaths): JournalSource[] {
  return [
    [paths.ckpt, paths.damagedCkpt],
    [paths.journal, paths.damagedJournal],
  ].map(([file, aside]) =>
    fs.existsSync(aside) ? { file: aside, aside, isAside: true } : { file, aside, isAside: false },
  );
}

/** Where a journal is damaged or misses records; the store refuses writes until it is repaired. */
export interface JournalDamage {
  /** The damaged file as it is now: kept aside under `.damaged`, or in place if it could not be moved. */
  file: string;
  /** Byte offset where the damage starts (or of the first record after missing ones). */
  offset: number;
  /** Sequence number of the last record applied before the damage (0: none). */
  afterSeq: number;
  /** Intact records after the damage, not applied until a repair. */
  intactAfter: number;
  /** Sequence numbers absent from every file (a record cut out, an older database file), or null. */
  missing: { from: number; to: number } | null;
  /** What writers and the health check are told (file names only, no folders). */
  message: string;
}

/** True when this journal is damaged (or a kept-aside copy): later journals cannot be applied in order. */
export function isDamaged(source: JournalSource, inspected: InspectedJournal, appliedSeq: number): boolean {
  return source.isAside || (inspected.problem !== null && damageMatters(inspected, appliedSeq));
}

/** "record 6", "records 21–50" */
export function recordSpan(from: number, to: number): string {
  return from === to ? `record ${from}` : `records ${from}–${to}`;
}

function describeDamage(
  paths: StorePaths,
  file: string,
  inspected: InspectedJournal,
  gap: SequenceGap | null,
  appliedSeq: number,
): JournalDamage {
  const name = path.basename(file);
  const until = `writes are refused until an operator runs "chc db repair --module ${paths.name}" with the server stopped`;
  if (gap) {
    const next = inspected.records[gap.index];
    const intactAfter = inspected.records.length - gap.index + inspected.later.length;
    const message =
      `the ${paths.name} database's journal is missing ${recordSpan(gap.from, gap.to)}: ${name} goes on at ` +
      `record ${next.seq} (byte ${next.offset}) after record ${appliedSeq}; ${intactAfter} intact records follow; ${until}`;
    return { file, offset: next.offset, afterSeq: appliedSeq, intactAfter, missing: gap, message };
  }
  const afterSeq = inspected.records.length ? inspected.records[inspected.records.length - 1].seq : 0;
  const damage = {
    file,
    offset: inspected.validBytes,
    afterSeq,
    intactAfter: inspected.later.length,
    missing: null,
  };
  const last = inspected.damagedLast;
  const message = last
    ? `the ${paths.name} database's journal is damaged at byte ${damage.offset} of ${name}: its last record ` +
      `(record ${last.seq}, after record ${afterSeq}) is whole but fails its checksum; ${until}`
    : `the ${paths.name} database's journal is damaged at byte ${damage.offset} of ${name} ` +
      `(after record ${afterSeq}; ${damage.intactAfter} intact records follow); ${until}`;
  return { ...damage, message };
}

function logDamage(logger: StoreLogger, damage: JournalDamage, inspected: InspectedJournal): void {
  const fields = {
    file: damage.file,
    damagedAt: damage.offset,
    afterRecord: damage.afterSeq,
    intactRecordsAfter: damage.intactAfter,
  };
  if (damage.missing) {
    logger.error(
      { ...fields, missingFrom: damage.missing.from, missingTo: damage.missing.to },
      "journal is missing records: nothing after the gap was applied, the file is kept aside; serving the records before it, refusing writes until a repair",
    );
  } else if (inspected.damagedLast) {
    logger.error(
      { ...fields, record: inspected.damagedLast.seq },
      "journal's last record is whole but fails its checksum: not a torn write, so it was acknowledged; nothing was cut, the file is kept aside; refusing writes until a repair",
    );
  } else {
    logger.error(
      fields,
      "journal damaged in the middle: nothing was cut, the file is kept aside; serving the records before the damage, refusing writes until a repair",
    );
  }
}

/** Moves a damaged journal aside so that nothing ever appends to it or cuts it. */
function keepAside(source: JournalSource, logger: StoreLogger): string {
  if (source.isAside) return source.file;
  try {
    fs.renameSync(source.file, source.aside);
    fsyncDir(path.dirname(source.aside));
    return source.aside;
  } catch (err) {
    logger.error({ file: source.file, err: describeError(err) }, "could not move the damaged journal aside");
    return source.file;
  }
}

export interface Recovered {
  db: Database;
  /** Highest sequence number in the database or in any journal: the next write uses +1. */
  lastSeq: number;
  replayed: number;
  /** Length of the intact prefix of `<name>.journal`: appends continue from there. */
  journalBytes: number;
  damage: JournalDamage | null;
}

/** `mayModify`: this process holds the lock and may cut torn tails and move damaged journals. */
export function recoverDatabase(
  SQL: SqlJsStatic,
  paths: StorePaths,
  logger: StoreLogger,
  mayModify = true,
): Recovered {
  const db = openDatabase(SQL, readIfExists(paths.db));
  let lastSeq = getLastSeq(db);
  let replayed = 0;
  let journalBytes = 0;
  let damage: JournalDamage | null = null;
  try {
    for (const source of journalSources(paths)) {
      const buf = readJournalFile(source.file);
      const inspected = inspectJournal(buf);
      const { records, validBytes, problem } = inspected;
      // Records are applied only while their sequence numbers run on; a gap is damage.
      const gap = sequenceGap(records, lastSeq);
      const before = lastSeq;
      lastSeq = replayRecords(db, gap ? records.slice(0, gap.index) : records, lastSeq);
      replayed += lastSeq - before;
      if (gap || isDamaged(source, inspected, lastSeq)) {
        const file = mayModify ? keepAside(source, logger) : source.file;
        damage = describeDamage(paths, file, inspected, gap, lastSeq);
        logDamage(logger, damage, inspected);
        break;
      }
      if (problem) {
        logger.warn(
          { file: source.file, problem, keptBytes: validBytes, droppedBytes: buf.length - validBytes },
          "journal tail is torn or corrupt; discarding it (writes after the last intact record were never acknowledged)",
        );
        try {
          if (mayModify) truncateTail(source.file, validBytes);
        } catch (err) {
          logger.warn(
            { file: source.file, err: String(err) },
            "could not cut the journal tail; it will be ignored again on the next open",
          );
        }
      }
      if (source.file === paths.journal) journalBytes = validBytes;
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, lastSeq, replayed, journalBytes, damage };
}
