import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const dirs: string[] = [];
const open: DurableStore[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  dirs.push(dir);
  return dir;
}
function captureLogger() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const logger: StoreLogger = {
    info: (obj, msg) => lines.push({ level: "info", obj, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj, msg }),
    error: (obj, msg) => lines.push({ level: "error", obj, msg }),
  };
  return { logger, lines };
}
async function openStore(dataDir: string) {
  const store = await createStore({ dataDir, name: "t", logger: captureLogger().logger });
  open.push(store);
  return store;
}
afterEach(async () => {
  for (const s of open.splice(0)) await s.close({ checkpoint: false });
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function withTable(dataDir: string) {
  const store = await openStore(dataDir);
  await store.write((tx) => tx.run("CREATE TABLE item (id INTEGER PRIMARY KEY, k TEXT UNIQUE NOT NULL, v)"));
  return store;
}
const keys = (s: DurableStore) => s.all<{ k: string }>("SELECT k FROM item ORDER BY id").map((r) => r.k);

describe("store transactions", () => {
  it("commits a write, resolves with the callback's result, and keeps it across reopen (journal replay)", async () => {
    const dir = tempDir();
    const store = await withTable(dir);
    const res = await store.write((tx) => tx.run("INSERT INTO item (k, v) VALUES (?, ?)", ["a", 1]));
    expect(res).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(store.status().journalBytes).toBeGreaterThan(0);
    await store.close({ checkpoint: false });
    open.pop();
    expect(fs.existsSync(path.join(dir, "t.sqlite"))).toBe(false);
    const again = await openStore(dir);
    expect(keys(again)).toEqual(["a"]);
  });

  it("rolls back everything when the callback throws, in memory and after reopen", async () => {
    const dir = tempDir();
    const store = await withTable(dir);
    await store.write((tx) => tx.run("INSERT INTO item (k) VALUES ('kept')"));
    const before = store.status().journalBytes;
    await expect(
      store.write((tx) => {
        tx.run("INSERT INTO item (k) VALUES ('x1')");
        tx.run("INSERT INTO item (k) VALUES ('x2')");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(keys(store)).toEqual(["kept"]);
    expect(store.status().journalBytes).toBe(before);
    await store.close({ checkpoint: false });
    open.pop();
    expect(keys(await openStore(dir))).toEqual(["kept"]);
  });

  it("a failing savepoint undoes only its own statements, the outer work commits and replays", async () => {
    const dir = tempDir();
    const store = await withTable(dir);
    await store.write((tx) => {
      tx.run("INSERT INTO item (k) VALUES ('outer1')");
      expect(() =>
        tx.savepoint((inner) => {
          inner.run("INSERT INTO item (k) VALUES ('inner')");
          inner.savepoint((deeper) => deeper.run("INSERT INTO item (k) VALUES ('deeper')"));
          throw new Error("inner fails");
        }),
      ).toThrow("inner fails");
      tx.savepoint((inner) => inner.run("INSERT INTO item (k) VALUES ('inner-ok')"));
      tx.run("INSERT INTO item (k) VALUES ('outer2')");
    });
    expect(keys(store)).toEqual(["outer1", "inner-ok", "outer2"]);
    await store.close({ checkpoint: false });
    open.pop();
    expect(keys(await openStore(dir))).toEqual(["outer1", "inner-ok", "outer2"]);
  });

  it("a statement that fails and is caught by the writer replays to the same state", async () => {
    const dir = tempDir();
    const store = await withTable(dir);
    await store.write((tx) => {
      tx.run("INSERT INTO item (k) VALUES ('dup')");
      expect(() => tx.run("INSERT INTO item (k) VALUES ('dup')")).toThrow(/UNIQUE/);
      tx.run("INSERT INTO item (k) VALUES ('after')");
    });
    await store.close({ checkpoint: false });
    open.pop();
    expect(keys(await openStore(dir))).toEqual(["dup", "after"]);
  });

  it("replays a multi-statement run whose later statement failed with the same partial effect", async () => {
    const dir = tempDir();
    const store = await withTable(dir);
    await store.write((tx) => {
      tx.run("INSERT INTO item (k) VALUES ('x')");
      // sqlite3_exec keeps the first INSERT when the second one fails.
      expect(() => tx.run("INSERT INTO item (k) VALUES ('y'); INSERT INTO item (k) VALUES ('x');")).toThrow(
        /UNIQUE/,
      );
    });
    expect(keys(store)).toEqual(["x", "y"]);
    await store.close({ checkpoint: false });
    open.pop();
    const again = await openStore(dir);
    expect(keys(again)).toEqual(["x", "y"]);
    await again.checkpoint();
    await again.close({ checkpoint: false });
    open.pop();
    expect(keys(await openStore(dir))).toEqual(["x", "y"]);
  });

  it("round-trips blobs, bigints, named parameters and multi-statement SQL through the journal", async () => {
    const dir = tempDir();
    const store = await withTable(dir);
    const blob = new Uint8Array([0, 255, 7, 128]);
    await store.write((tx) => {
      tx.run("INSERT INTO item (k, v) VALUES (:k, :v)", { ":k": "blob", ":v": blob });
      tx.run("INSERT INTO item (k, v) VALUES (?, ?)", ["real", 1.5]);
      tx.run("CREATE TABLE extra (x); INSERT INTO extra VALUES (42);");
    });
    await store.close({ checkpoint: false });
    open.pop();
    const again = await openStore(dir);
    expect(again.get<{ v: Uint8Array }>("SELECT v FROM item WHERE k = 'blob'")?.v).toEqual(blob);
    expect(again.get<{ v: number }>("SELECT v FROM item WHERE k = 'real'")?.v).toBe(1.5);
    expect(again.get<{ x: number }>("SELECT x FROM extra")?.x).toBe(42);
  });

  it("rejects an async callback without committing anything", async () => {
    const store = await withTable(tempDir());
    await expect(
      store.write(async (tx) => {
        tx.run("INSERT INTO item (k) VALUES ('async')");
      }),
    ).rejects.toThrow(/synchronous/);
    expect(keys(store)).toEqual([]);
  });

  it("enforces foreign keys", async () => {
    const store = await openStore(tempDir());
    await store.write((tx) => {
      tx.run("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
      tx.run("CREATE TABLE child (pid INTEGER REFERENCES parent(id))");
    });
    await expect(store.write((tx) => tx.run("INSERT INTO child VALUES (9)"))).rejects.toThrow(/FOREIGN KEY/);
  });

  it("refuses a second writer on the same database", async () => {
    const dir = tempDir();
    await openStore(dir);
    await expect(createStore({ dataDir: dir, name: "t" })).rejects.toThrow(/already open/);
  });

  it("serialises concurrent writes in call order", async () => {
    const store = await withTable(tempDir());
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.write((tx) => tx.run("INSERT INTO item (k) VALUES (?)", [`k${i}`])),
      ),
    );
    expect(keys(store)).toEqual(Array.from({ length: 50 }, (_, i) => `k${i}`));
    expect(store.check()).toBe(true);
  });
});
