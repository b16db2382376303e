import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkpoint-"));
  dirs.push(dir);
  return dir;
}
const open = (dir: string, extra: object = {}) =>
  createStore({ dataDir: dir, name: "t", logger: quiet, ...extra });

/** Each write adds a row and bumps a counter: applying any record twice would show in `n`. */
async function bump(store: DurableStore, key: string) {
  await store.write((tx) => {
    tx.run("INSERT INTO r (k) VALUES (?)", [key]);
    tx.run("UPDATE counter SET n = n + 1");
  });
}
async function schema(store: DurableStore) {
  await store.write((tx) => {
    tx.run("CREATE TABLE r (k TEXT PRIMARY KEY)");
    tx.run("CREATE TABLE counter (n INTEGER NOT NULL)");
    tx.run("INSERT INTO counter VALUES (0)");
  });
}
const state = (s: DurableStore) => ({
  n: s.get<{ n: number }>("SELECT n FROM counter")?.n,
  keys: s.all<{ k: string }>("SELECT k FROM r ORDER BY k").map((x) => x.k),
});

describe("checkpoint", () => {
  it("folds the journal into the database file; data survives checkpoint + reopen", async () => {
    const dir = tempDir();
    const store = await open(dir);
    await schema(store);
    for (const k of ["a", "b", "c"]) await bump(store, k);
    await store.checkpoint();
    expect(store.status().journalBytes).toBe(0);
    expect(store.status().lastCheckpointAt).not.toBeNull();
    expect(fs.statSync(path.join(dir, "t.journal")).size).toBe(0);
    expect(fs.existsSync(path.join(dir, "t.journal.ckpt"))).toBe(false);
    await bump(store, "d");
    await store.close({ checkpoint: false });
    const again = await open(dir);
    expect(state(again)).toEqual({ n: 4, keys: ["a", "b", "c", "d"] });
    expect(again.get<{ value: number }>("SELECT value FROM _store_meta WHERE key = 'last_seq'")?.value).toBe(
      4,
    );
    await again.close();
  });

  it("a crash after the new file was renamed in but before the rotated journal was deleted applies nothing twice", async () => {
    const dir = tempDir();
    const store = await open(dir);
    await schema(store);
    await bump(store, "a");
    await bump(store, "b");
    // Keep the journal as it was before the checkpoint: it becomes the leftover .journal.ckpt.
    const oldJournal = fs.readFileSync(path.join(dir, "t.journal"));
    await store.checkpoint();
    await bump(store, "c");
    await store.close({ checkpoint: false });
    fs.writeFileSync(path.join(dir, "t.journal.ckpt"), oldJournal);

    const again = await open(dir);
    expect(state(again)).toEqual({ n: 3, keys: ["a", "b", "c"] });
    await bump(again, "d");
    await again.close();
    expect(fs.existsSync(path.join(dir, "t.journal.ckpt"))).toBe(false);
    const third = await open(dir);
    expect(state(third)).toEqual({ n: 4, keys: ["a", "b", "c", "d"] });
    await third.close();
  });

  it("a crash in the middle of a checkpoint (rotated journal and a partial temp file left) loses nothing", async () => {
    const dir = tempDir();
    const store = await open(dir);
    await schema(store);
    await bump(store, "a");
    await store.close({ checkpoint: false });
    // As if the worker died while writing: journal rotated aside, temp file half written.
    fs.renameSync(path.join(dir, "t.journal"), path.join(dir, "t.journal.ckpt"));
    fs.writeFileSync(path.join(dir, "t.sqlite.tmp"), Buffer.from("SQLite format 3\0partial"));
    const again = await open(dir);
    expect(fs.existsSync(path.join(dir, "t.sqlite.tmp"))).toBe(false);
    expect(state(again)).toEqual({ n: 1, keys: ["a"] });
    await bump(again, "b");
    await again.close();
    const third = await open(dir);
    expect(state(third)).toEqual({ n: 2, keys: ["a", "b"] });
    await third.close();
  });

  it("writes keep flowing while a checkpoint runs and all of them survive", async () => {
    const dir = tempDir();
    const store = await open(dir);
    await schema(store);
    for (let i = 0; i < 20; i++) await bump(store, `pre${i}`);
    const ckpt = store.checkpoint();
    const writes = Array.from({ length: 40 }, (_, i) => bump(store, `during${i}`));
    await Promise.all([ckpt, ...writes]);
    await store.close({ checkpoint: false });
    const again = await open(dir);
    expect(state(again).n).toBe(60);
    expect(state(again).keys.length).toBe(60);
    await again.close();
  });

  it("checkpoints automatically once the journal passes the configured size", async () => {
    const dir = tempDir();
    const store = await open(dir, { checkpointJournalBytes: 2048 });
    await schema(store);
    for (let i = 0; i < 60; i++) await bump(store, `k${i}`);
    await store.close({ checkpoint: false });
    expect(fs.existsSync(path.join(dir, "t.sqlite"))).toBe(true);
    expect(fs.statSync(path.join(dir, "t.journal")).size).toBeLessThan(60 * 80);
    const again = await open(dir);
    expect(state(again).n).toBe(60);
    await again.close();
  });
});
