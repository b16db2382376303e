/**
 * What the journal crash tests do to a stopped server's files, the way an operator, a copy or a
 * disk does it: read the records of a journal (its format read here on its own, not through the
 * store's code), cut one whole record out, flip one bit, and run the real `chc db` command.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeArgsFor } from "../server-bundle.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** One record of `<name>.journal`: u32 length | u32 CRC-32 | u64 sequence number | JSON payload. */
export interface RawRecord {
  seq: number;
  start: number;
  end: number;
  payload: string;
}

export function readRecords(file: string): RawRecord[] {
  const buf = fs.readFileSync(file);
  const records: RawRecord[] = [];
  for (let off = 0; off + 16 <= buf.length; ) {
    const len = buf.readUInt32LE(off);
    const end = off + 16 + len;
    if (end > buf.length) break;
    const seq = Number(buf.readBigUInt64LE(off + 8));
    records.push({ seq, start: off, end, payload: buf.subarray(off + 16, end).toString("utf8") });
    off = end;
  }
  return records;
}

/** The first record whose statements mention `text` (say, the create of a service by its name). */
export function firstRecordMentioning(file: string, text: string): RawRecord {
  const found = readRecords(file).find((r) => r.payload.includes(text));
  if (!found) throw new Error(`no record of ${file} mentions ${text}`);
  return found;
}

/** Removes one whole record from the file, leaving the records around it intact. */
export function removeRecord(file: string, record: RawRecord): void {
  const buf = fs.readFileSync(file);
  fs.writeFileSync(file, Buffer.concat([buf.subarray(0, record.start), buf.subarray(record.end)]));
}

/** Flips one bit in the middle of a record's payload; the file keeps its length. */
export function flipBitIn(file: string, record: RawRecord): void {
  const buf = fs.readFileSync(file);
  buf[record.start + 16 + Math.floor((record.end - record.start - 16) / 2)] ^= 0x04;
  fs.writeFileSync(file, buf);
}

/** `chc <args>` as its own process over `dataDir`, as an operator runs it. */
export function runChc(
  dataDir: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgsFor("server/cli.ts", ...args),
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
