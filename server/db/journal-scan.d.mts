/** Types for journal-scan.mjs. */
import type { JournalRecord, ParsedJournal } from "./journal-codec.mjs";

export interface LocatedRecord extends JournalRecord {
  /** Byte offset of the record in its file. */
  offset: number;
}
export interface ByteRange {
  start: number;
  end: number;
}
export interface InspectedJournal extends ParsedJournal {
  /** Intact records after the first bad one; empty for a clean journal or a torn tail. */
  later: LocatedRecord[];
  /** Damaged byte ranges between intact records (the first starts at validBytes). */
  gaps: ByteRange[];
  /** Where the bytes after the last intact record start (a torn tail if below the length). */
  tailStart: number;
}

export function findIntactRecords(
  buf: Buffer,
  from: number,
  prevSeq: number,
): { records: LocatedRecord[]; gaps: ByteRange[]; tailStart: number };
export function inspectJournal(buf: Buffer): InspectedJournal;
export function damageMatters(inspected: InspectedJournal, appliedSeq: number): boolean;
