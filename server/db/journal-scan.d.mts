/** Types for journal-scan.mjs. */
import type { LocatedRecord, ParsedJournal } from "./journal-codec.mjs";

export type { LocatedRecord };
export interface ByteRange {
  start: number;
  end: number;
}
export interface InspectedJournal extends ParsedJournal {
  /** Intact records after the first bad one; empty for a clean journal or a torn tail. */
  later: LocatedRecord[];
  /** Damaged byte ranges between intact records, or of a damaged last record (the first starts at validBytes). */
  gaps: ByteRange[];
  /** Where the bytes after the last intact record start (a torn tail if below the length). */
  tailStart: number;
  /** A whole last record that fails its checksum (damage, not a torn tail), or null. */
  damagedLast: { offset: number; seq: number } | null;
}
export interface SequenceGap {
  /** records[index] is the first record after the missing ones. */
  index: number;
  from: number;
  to: number;
}

export function findIntactRecords(
  buf: Buffer,
  from: number,
  prevSeq: number,
): { records: LocatedRecord[]; gaps: ByteRange[]; tailStart: number };
export function inspectJournal(buf: Buffer): InspectedJournal;
export function damageMatters(inspected: InspectedJournal, appliedSeq: number): boolean;
export function sequenceGap(records: readonly { seq: number }[], appliedSeq: number): SequenceGap | null;
