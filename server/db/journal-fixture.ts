/** Test fixture: small journals with known records, and ways to damage them. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "./store.js";
import type { StoreLogger } from "./types.js";

export const quietLogger: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A store "t" whose journal holds record 1 (creates table r) and records 2..n+1 (insert r0..r(n-1)),
 * nothing checkpointed. `starts[k - 1]` is where record k starts.
 */
export async function journalWithRows(n: number, dir?: string) {
  const dataDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "journal-fixture-"));
  const store = await createStore({ dataDir, name: "t", logger: quietLogger });
  const starts = [0];
  await store.write((tx) => tx.run("CREATE TABLE r (k TEXT PRIMARY KEY)"));
  for (let i = 0; i < n; i++) {
    starts.push(store.status().journalBytes);
    await store.write((tx) => tx.run("INSERT INTO r VALUES (?)", [`r${i}`]));
  }
  await store.close({ checkpoint: false });
  return { dir: dataDir, journal: path.join(dataDir, "t.journal"), starts };
}

/** Flips one bit in the payload of the record starting at `start`; returns the damaged bytes. */
export function flipBitAt(file: string, start: number): Buffer {
  const buf = fs.readFileSync(file);
  buf[start + 20] ^= 0x01;
  fs.writeFileSync(file, buf);
  return buf;
}

/** Cuts the bytes [start, end) (one or more whole records) out of the file; returns what is left. */
export function cutRecords(file: string, start: number, end: number): Buffer {
  const buf = fs.readFileSync(file);
  const left = Buffer.concat([buf.subarray(0, start), buf.subarray(end)]);
  fs.writeFileSync(file, left);
  return left;
}

/**
 * A store "t" whose database file is an older copy than its journal: records 1–6 (table r, r0–r4)
 * were checkpointed and that file copied; records 7–11 (r5–r9) were checkpointed over it; records
 * 12–16 (r10–r14) are in the journal. Then the copy is put back, as an operator restoring it would.
 */
export async function olderDatabaseBesideJournal() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-fixture-"));
  const db = path.join(dataDir, "t.sqlite");
  const write = async (from: number, to: number, checkpoint: boolean) => {
    const store = await createStore({ dataDir, name: "t", logger: quietLogger });
    if (from === 0) await store.write((tx) => tx.run("CREATE TABLE r (k TEXT PRIMARY KEY)"));
    for (let i = from; i < to; i++) await store.write((tx) => tx.run("INSERT INTO r VALUES (?)", [`r${i}`]));
    await store.close({ checkpoint });
  };
  await write(0, 5, true);
  const older = fs.readFileSync(db);
  await write(5, 10, true);
  await write(10, 15, false);
  fs.writeFileSync(db, older);
  return { dir: dataDir, journal: path.join(dataDir, "t.journal") };
}
