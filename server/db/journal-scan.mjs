/**
 * Tells a torn tail from damage in the middle of a journal. A crash can only tear the end of a
 * journal (each record is fdatasynced before the next is written), so a bad record followed by
 * intact ones means the file was damaged after it was written (disk, copy, hand edit): cutting
 * there would throw away acknowledged writes. The records after the damage are found by trying
 * every byte offset, since a damaged header no longer says where the next record starts.
 * Plain JavaScript for the checkpoint worker (fold.mjs); types in journal-scan.d.mts.
 */
import { HEADER_BYTES, parseJournal, readRecordAt } from "./journal-codec.mjs";

/**
 * Intact records after the bad record at `from`, each with its byte offset, and the byte ranges
 * between them that hold no intact record. Sequence numbers only grow, and a record is at least
 * HEADER_BYTES long: candidates outside that range are skipped without computing a checksum.
 */
export function findIntactRecords(buf, from, prevSeq) {
  const records = [];
  const gaps = [];
  const maxSeq = prevSeq + 1 + Math.ceil(buf.length / HEADER_BYTES);
  let last = prevSeq;
  let gapStart = from;
  let off = from + 1;
  while (off + HEADER_BYTES <= buf.length) {
    const len = buf.readUInt32LE(off);
    const seq = buf.readUInt32LE(off + 8) + buf.readUInt32LE(off + 12) * 2 ** 32;
    if (seq > last && seq <= maxSeq && off + HEADER_BYTES + len <= buf.length) {
      const read = readRecordAt(buf, off);
      if (read.record) {
        gaps.push({ start: gapStart, end: off });
        records.push({ ...read.record, offset: off });
        last = read.record.seq;
        off = read.end;
        gapStart = off;
        // The records after it are most likely back to back.
        while (off < buf.length) {
          const next = readRecordAt(buf, off);
          if (!next.record || next.record.seq <= last) break;
          records.push({ ...next.record, offset: off });
          last = next.record.seq;
          off = next.end;
          gapStart = off;
        }
        continue;
      }
    }
    off++;
  }
  return { records, gaps, tailStart: gapStart };
}

/**
 * The intact prefix (as parseJournal) plus, when a bad record has intact records after it,
 * those records (`later`) and the damaged byte ranges (`gaps`). `later` is empty for a clean
 * journal and for a torn tail. A whole last record that fails its checksum is not a torn tail
 * (a crash leaves a short record): it was acknowledged, so it is damage too (`damagedLast`, with
 * the sequence number it holds: the one after the record before it).
 */
export function inspectJournal(buf) {
  const head = parseJournal(buf);
  const clean = { later: [], gaps: [], damagedLast: null };
  if (!head.problem) return { ...head, ...clean, tailStart: buf.length };
  const prevSeq = head.records.length ? head.records[head.records.length - 1].seq : 0;
  const found = findIntactRecords(buf, head.validBytes, prevSeq);
  if (found.records.length > 0) {
    return { ...head, later: found.records, gaps: found.gaps, tailStart: found.tailStart, damagedLast: null };
  }
  if (head.torn) return { ...head, ...clean, tailStart: head.validBytes };
  const start = head.validBytes;
  const seq = prevSeq ? prevSeq + 1 : buf.readUInt32LE(start + 8) + buf.readUInt32LE(start + 12) * 2 ** 32;
  return {
    ...head,
    later: [],
    gaps: [{ start, end: buf.length }],
    tailStart: start,
    damagedLast: { offset: start, seq },
  };
}

/**
 * Whether damage found by inspectJournal loses anything: it does unless every record after it
 * (or the damaged last record) is already in the database file (`appliedSeq`, as after a crash
 * at the end of a checkpoint).
 */
export function damageMatters(inspected, appliedSeq) {
  if (inspected.damagedLast && inspected.damagedLast.seq > appliedSeq) return true;
  return inspected.later.some((r) => r.seq > appliedSeq);
}

/**
 * The first place where intact `records` skip sequence numbers, counting on from `appliedSeq`
 * (what the database file, or the journals before, already hold): `{ index, from, to }` when
 * records[index] comes after the missing records from..to, else null. Sequence numbers run on by
 * one per acknowledged write, so a gap means records were lost after they were written (a record
 * cut out, an older database file restored beside a newer journal).
 */
export function sequenceGap(records, appliedSeq) {
  let last = appliedSeq;
  for (let i = 0; i < records.length; i++) {
    const seq = records[i].seq;
    if (seq <= last) continue;
    if (seq !== last + 1) return { index: i, from: last + 1, to: seq - 1 };
    last = seq;
  }
  return null;
}
