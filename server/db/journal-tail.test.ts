import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function logger() {
  const warnings: string[] = [];
  const log: StoreLogger = {
    info: () => {},
    warn: (_o, msg) => warnings.push(msg),
    error: (_o, msg) => warnings.push(msg),
  };
  return { log, warnings };
}

/** Writes rows r0..r(n-1), one transaction each, and leaves them only in the journal. */
async function journalWithRows(n: number): Promise<{ dir: string; journal: string; sizes: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "journal-tail-"));
  dirs.push(dir);
  const store = await createStore({ dataDir: dir, name: "t", logger: logger().log });
  await store.write((tx) => tx.run("CREATE TABLE r (k TEXT PRIMARY KEY)"));
  const sizes = [store.status().journalBytes];
  for (let i = 0; i < n; i++) {
    await store.write((tx) => tx.run("INSERT INTO r VALUES (?)", [`r${i}`]));
    sizes.push(store.status().journalBytes);
  }
  await store.close({ checkpoint: false });
  return { dir, journal: path.join(dir, "t.journal"), sizes };
}

async function reopen(dir: string) {
  const { log, warnings } = logger();
  const store: DurableStore = await createStore({ dataDir: dir, name: "t", logger: log });
  const rows = store.all<{ k: string }>("SELECT k FROM r ORDER BY k").map((x) => x.k);
  return { store, rows, warnings };
}

describe("journal tail damage", () => {
  it("a record cut in the middle is discarded with a warning; the intact prefix is kept", async () => {
    const { dir, journal, sizes } = await journalWithRows(5);
    // Cut the last record (r4) in the middle of its payload.
    fs.truncateSync(journal, sizes[4] + Math.floor((sizes[5] - sizes[4]) / 2));
    const { store, rows, warnings } = await reopen(dir);
    expect(rows).toEqual(["r0", "r1", "r2", "r3"]);
    expect(warnings.some((w) => /torn or corrupt/.test(w))).toBe(true);
    // The tail was cut, so the next write appends after the intact prefix and survives.
    expect(fs.statSync(journal).size).toBe(sizes[4]);
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('after')"));
    await store.close({ checkpoint: false });
    const second = await reopen(dir);
    expect(second.rows).toEqual(["after", "r0", "r1", "r2", "r3"]);
    expect(second.warnings).toEqual([]);
    await second.store.close();
  });

  it("a torn header (a few bytes of a new record) is discarded", async () => {
    const { dir, journal, sizes } = await journalWithRows(3);
    fs.truncateSync(journal, sizes[3] - (sizes[3] - sizes[2]) + 7);
    const { store, rows, warnings } = await reopen(dir);
    expect(rows).toEqual(["r0", "r1"]);
    expect(warnings.length).toBe(1);
    await store.close();
  });

  it("flipped bytes in the whole last record: not a torn tail, so it is kept aside and writes are refused", async () => {
    const { dir, journal, sizes } = await journalWithRows(4);
    const buf = fs.readFileSync(journal);
    const inLast = sizes[3] + 20;
    buf[inLast] ^= 0xff;
    buf[inLast + 1] ^= 0x55;
    fs.writeFileSync(journal, buf);
    const { store, rows, warnings } = await reopen(dir);
    expect(rows).toEqual(["r0", "r1", "r2"]);
    expect(warnings.some((w) => /never acknowledged/.test(w))).toBe(false);
    expect(warnings.some((w) => /last record is whole but fails its checksum/.test(w))).toBe(true);
    expect(store.status().damaged).toContain(
      `damaged at byte ${sizes[3]} of t.journal.damaged: its last record (record 5, after record 4) is whole but fails its checksum`,
    );
    // Nothing was cut: the file is kept aside as it was.
    expect(fs.existsSync(journal)).toBe(false);
    expect(fs.readFileSync(path.join(dir, "t.journal.damaged")).equals(buf)).toBe(true);
    await expect(store.write((tx) => tx.run("INSERT INTO r VALUES ('new')"))).rejects.toThrow(
      /chc db repair/,
    );
    await store.close();
  });

  it("zero-filled garbage after the last record (a crash while extending the file) is dropped", async () => {
    const { dir, journal } = await journalWithRows(2);
    fs.appendFileSync(journal, Buffer.alloc(4096));
    const { store, rows, warnings } = await reopen(dir);
    expect(rows).toEqual(["r0", "r1"]);
    expect(warnings.length).toBe(1);
    await store.close();
  });
});
