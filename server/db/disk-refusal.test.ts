/**
 * The disk refuses writes for real: the journal path points at /dev/full (every write fails with
 * ENOSPC), or is a directory (EISDIR), or the checkpoint's temp file points at /dev/full.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "./errors.js";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A database holding row 'a' in its checkpoint file, with an empty journal. */
async function seeded(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "disk-refusal-"));
  dirs.push(dir);
  const store = await createStore({ dataDir: dir, name: "t", logger: quiet });
  await store.write((tx) => {
    tx.run("CREATE TABLE r (k TEXT PRIMARY KEY)");
    tx.run("INSERT INTO r VALUES ('a')");
  });
  await store.close();
  return dir;
}

const rows = (s: DurableStore) => s.all<{ k: string }>("SELECT k FROM r ORDER BY k").map((x) => x.k);

async function expectRefused(store: DurableStore, key: string) {
  const err = await store
    .write((tx) => {
      tx.run("INSERT INTO r VALUES (?)", [key]);
      tx.run("INSERT INTO r VALUES (?)", [`${key}-2`]);
    })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(StorageUnavailableError);
  expect((err as StorageUnavailableError).status).toBe(503);
  expect((err as StorageUnavailableError).type).toBe("ServiceUnavailable");
}

describe("disk refusing writes", () => {
  it("journal on a full disk (/dev/full): writes get 503, reads keep working, recovery resumes writes", async () => {
    const dir = await seeded();
    const journal = path.join(dir, "t.journal");
    fs.rmSync(journal);
    fs.symlinkSync("/dev/full", journal);
    const store = await createStore({ dataDir: dir, name: "t", logger: quiet });

    await expectRefused(store, "b");
    expect(store.status().writable).toBe(false);
    expect(store.status().lastError).toMatch(/ENOSPC/);
    // Nothing half-written: neither statement of the refused transaction is visible.
    expect(rows(store)).toEqual(["a"]);
    expect(store.check()).toBe(true);
    await expectRefused(store, "c");

    // The disk recovers: the next write reopens the journal and succeeds.
    fs.rmSync(journal);
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('d')"));
    expect(store.status()).toMatchObject({ writable: true, lastError: null });
    await store.close({ checkpoint: false });

    const again = await createStore({ dataDir: dir, name: "t", logger: quiet });
    expect(rows(again)).toEqual(["a", "d"]);
    await again.close();
  });

  it("a journal path that cannot be opened (a directory in its place): store opens read-only-ish, writes 503", async () => {
    const dir = await seeded();
    const journal = path.join(dir, "t.journal");
    fs.rmSync(journal);
    fs.mkdirSync(journal);
    const store = await createStore({ dataDir: dir, name: "t", logger: quiet });
    expect(store.status().writable).toBe(false);
    expect(rows(store)).toEqual(["a"]);
    await expectRefused(store, "b");
    fs.rmdirSync(journal);
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('e')"));
    expect(rows(store)).toEqual(["a", "e"]);
    await store.close();
    const again = await createStore({ dataDir: dir, name: "t", logger: quiet });
    expect(rows(again)).toEqual(["a", "e"]);
    await again.close();
  });

  it("a checkpoint that hits a full disk fails with 503 and corrupts nothing; writes continue", async () => {
    const dir = await seeded();
    const tmp = path.join(dir, "t.sqlite.tmp");
    const store = await createStore({ dataDir: dir, name: "t", logger: quiet });
    const before = fs.readFileSync(path.join(dir, "t.sqlite"));
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('b')"));
    fs.symlinkSync("/dev/full", tmp);
    await expect(store.checkpoint()).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(fs.readFileSync(path.join(dir, "t.sqlite")).equals(before)).toBe(true);
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('c')"));
    expect(store.status().writable).toBe(true);
    await store.close({ checkpoint: false });

    const again = await createStore({ dataDir: dir, name: "t", logger: quiet });
    expect(rows(again)).toEqual(["a", "b", "c"]);
    // The failed worker removed its temp link; the retried checkpoint folds both journals in.
    await again.checkpoint();
    expect(fs.existsSync(path.join(dir, "t.journal.ckpt"))).toBe(false);
    await again.close();
    const third = await createStore({ dataDir: dir, name: "t", logger: quiet });
    expect(rows(third)).toEqual(["a", "b", "c"]);
    expect(third.status().journalBytes).toBe(0);
    await third.close();
  });
});
