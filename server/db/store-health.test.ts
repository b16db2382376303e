/**
 * What the store keeps for health and for caches, without a query: its data version moves when a
 * write ends (committed or rolled back, so a view read during a refused write is never kept), and
 * its health changes as soon as a write is refused, a read fails at the database level, or it closes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { isDatabaseFailure } from "./read-failure.js";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function openWithTable(): Promise<{ dir: string; store: DurableStore }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-health-"));
  dirs.push(dir);
  const store = await createStore({ dataDir: dir, name: "t", logger: quiet });
  await store.write((tx) => tx.run("CREATE TABLE r (k TEXT PRIMARY KEY)"));
  return { dir, store };
}

/** A view cached under the data version, as the read routes do. */
function cachedKeys(store: DurableStore) {
  let cache: { version: number; keys: string[] } | null = null;
  return () => {
    if (cache?.version !== store.dataVersion) {
      const keys = store.all<{ k: string }>("SELECT k FROM r ORDER BY k").map((r) => r.k);
      cache = { version: store.dataVersion, keys };
    }
    return cache.keys;
  };
}

it("moves the data version when a write commits, so a cached view shows the write at once", async () => {
  const { store } = await openWithTable();
  const keys = cachedKeys(store);
  expect(keys()).toEqual([]);
  await store.write((tx) => tx.run("INSERT INTO r VALUES ('a')"));
  expect(keys()).toEqual(["a"]);
  await store.close();
});

it("never keeps a view read while a refused write was open", async () => {
  const { dir, store } = await openWithTable();
  await store.close();
  const journal = path.join(dir, "t.journal");
  fs.rmSync(journal, { force: true });
  fs.symlinkSync("/dev/full", journal); // every journal write fails with ENOSPC
  const refusing = await createStore({ dataDir: dir, name: "t", logger: quiet });
  const keys = cachedKeys(refusing);
  expect(refusing.health()).toEqual({ readable: true, writable: true, damaged: null });

  let opened = false;
  const write = refusing.write((tx) => {
    tx.run("INSERT INTO r VALUES ('never')");
    opened = true;
  });
  // While the journal write is pending, reads see the open transaction's row...
  while (!opened) await Promise.resolve();
  expect(keys()).toEqual(["never"]);
  await expect(write).rejects.toThrow(/cannot be written/);
  // ...but once it rolled back, the view is read again: the row never existed.
  expect(keys()).toEqual([]);
  expect(refusing.health()).toEqual({ readable: true, writable: false, damaged: null });
  fs.rmSync(journal);
  await refusing.close({ checkpoint: false });
});

it("reports a closed store as unreadable, and tells database failures from bad queries", async () => {
  const { store } = await openWithTable();
  expect(() => store.all("SELECT nope FROM r")).toThrow();
  expect(store.health().readable).toBe(true);
  await store.close();
  expect(store.health().readable).toBe(false);

  expect(isDatabaseFailure(new Error("database disk image is malformed"))).toBe(true);
  expect(isDatabaseFailure("Database closed")).toBe(true);
  expect(isDatabaseFailure(new WebAssembly.RuntimeError("memory access out of bounds"))).toBe(true);
  expect(isDatabaseFailure(new Error("no such column: nope"))).toBe(false);
  expect(isDatabaseFailure(new Error("UNIQUE constraint failed: r.k"))).toBe(false);
});
