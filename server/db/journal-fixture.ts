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
