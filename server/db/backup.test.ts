import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadSqlJs } from "./journal-codec.mjs";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-"));
  dirs.push(dir);
  return dir;
}

interface Loop {
  done: boolean;
  /** Transactions committed so far. */
  written: number;
}

/** Each transaction inserts row i into both tables: a backup holding half of one would differ. */
async function writeLoop(store: DurableStore, loop: Loop): Promise<number> {
  let i = 0;
  while (!loop.done) {
    const n = i++;
    await store.write((tx) => {
      tx.run("INSERT INTO a (i) VALUES (?)", [n]);
      tx.run("INSERT INTO b (i, pad) VALUES (?, ?)", [n, "x".repeat(200)]);
    });
    loop.written = i;
    if (n % 10 === 0) await new Promise((r) => setImmediate(r));
  }
  return i;
}

/** Waits until the loop has committed `n` transactions (work done, however long it takes here). */
const committed = (loop: Loop, n: number) =>
  vi.waitFor(() => expect(loop.written).toBeGreaterThanOrEqual(n), { timeout: 20_000, interval: 5 });

/** Opens a backup file with plain sql.js and checks it holds rows 0..k-1 in both tables. */
async function checkBackup(file: string): Promise<number> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(fs.readFileSync(file));
  const a = db.exec("SELECT i FROM a ORDER BY i")[0]?.values.map((v) => v[0]) ?? [];
  const b = db.exec("SELECT i FROM b ORDER BY i")[0]?.values.map((v) => v[0]) ?? [];
  db.close();
  expect(a).toEqual(b);
  expect(a).toEqual(Array.from({ length: a.length }, (_, i) => i));
  return a.length;
}

async function setup(dir: string) {
  const store = await createStore({ dataDir: dir, name: "t", logger: quiet });
  await store.write((tx) => {
    tx.run("CREATE TABLE a (i INTEGER PRIMARY KEY)");
    tx.run("CREATE TABLE b (i INTEGER PRIMARY KEY, pad TEXT)");
  });
  return store;
}

describe("backup", () => {
  it("while writes are ongoing, the backup opens and holds a consistent prefix", async () => {
    const dir = tempDir();
    const store = await setup(dir);
    const writes: Loop = { done: false, written: 0 };
    const loop = writeLoop(store, writes);
    await committed(writes, 10);
    const first = path.join(dir, "copies", "one.sqlite");
    await store.backup(first);
    await committed(writes, writes.written + 10);
    const second = path.join(dir, "copies", "two.sqlite");
    await store.backup(second);
    writes.done = true;
    const total = await loop;
    const n1 = await checkBackup(first);
    const n2 = await checkBackup(second);
    expect(n1).toBeGreaterThan(0);
    expect(n2).toBeGreaterThanOrEqual(n1);
    // Each backup holds at least what was committed before it was asked for.
    expect(n1).toBeGreaterThanOrEqual(10);
    expect(n2).toBeGreaterThanOrEqual(n1 + 10);
    expect(n2).toBeLessThanOrEqual(total);
    await store.close();
  });

  it("a read-only snapshot (the CLI beside a running server) backs up a consistent prefix too", async () => {
    const dir = tempDir();
    const store = await setup(dir);
    store.startAutoCheckpoint({ journalBytes: 8 * 1024 });
    const writes: Loop = { done: false, written: 0 };
    const loop = writeLoop(store, writes);
    // About 250 journal bytes a transaction: 40 of them pass the 8 KiB checkpoint mark.
    await committed(writes, 40);
    const reader = await createStore({ dataDir: dir, name: "t", logger: quiet, readOnly: true });
    const seen = reader.get<{ n: number }>("SELECT COUNT(*) AS n FROM a")?.n ?? 0;
    const file = path.join(dir, "ro.sqlite");
    await reader.backup(file);
    await expect(reader.write((tx) => tx.run("INSERT INTO a VALUES (-1)"))).rejects.toThrow(/read-only/);
    await reader.close();
    writes.done = true;
    await loop;
    expect(seen).toBeGreaterThan(0);
    expect(await checkBackup(file)).toBe(seen);
    await store.close();
  });

  it("backs up an empty store as a database file that opens", async () => {
    const dir = tempDir();
    const store = await createStore({ dataDir: dir, name: "t", logger: quiet });
    const file = path.join(dir, "empty.sqlite");
    await store.backup(file);
    const SQL = await loadSqlJs();
    const db = new SQL.Database(fs.readFileSync(file));
    expect(db.exec("SELECT 1")[0].values[0][0]).toBe(1);
    db.close();
    await store.close();
  });
});
