/**
 * A journal damaged in the middle (intact records after a bad one) is never cut: the store keeps
 * the file aside, serves what comes before the damage, refuses writes naming the file and the
 * record, and stays that way across restarts until a repair.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "./errors.js";
import { loadSqlJs, openDatabase, replayRecords } from "./journal-codec.mjs";
import { cutRecords, flipBitAt, journalWithRows, olderDatabaseBesideJournal } from "./journal-fixture.js";
import { createStore, type DurableStore } from "./store.js";
import type { StoreLogger } from "./types.js";

const dirs: string[] = [];
const open: DurableStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function logger() {
  const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const log: StoreLogger = {
    info: (obj, msg) => lines.push({ level: "info", msg, obj: obj as never }),
    warn: (obj, msg) => lines.push({ level: "warn", msg, obj: obj as never }),
    error: (obj, msg) => lines.push({ level: "error", msg, obj: obj as never }),
  };
  return { log, lines };
}

async function damagedJournal(n: number, k: number) {
  const fixture = await journalWithRows(n);
  dirs.push(fixture.dir);
  const damagedBytes = flipBitAt(fixture.journal, fixture.starts[k - 1]);
  return { ...fixture, damagedBytes };
}

async function reopen(dir: string) {
  const { log, lines } = logger();
  const store = await createStore({ dataDir: dir, name: "t", logger: log });
  open.push(store);
  const rows = store.all<{ k: string }>("SELECT k FROM r ORDER BY rowid").map((x) => x.k);
  return { store, rows, lines };
}

async function refusal(store: DurableStore): Promise<StorageUnavailableError> {
  const err = await store
    .write((tx) => tx.run("INSERT INTO r VALUES ('new')"))
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(StorageUnavailableError);
  return err as StorageUnavailableError;
}

describe("a journal damaged in the middle", () => {
  it("one bit in record 6 of 21: nothing is cut, the file is kept aside, writes are refused", async () => {
    const { dir, journal, starts, damagedBytes } = await damagedJournal(20, 6);
    const { store, rows, lines } = await reopen(dir);

    // Reads serve the records before the damage.
    expect(rows).toEqual(["r0", "r1", "r2", "r3"]);
    // The damaged journal is kept whole under a new name; nothing replaced it.
    expect(fs.existsSync(journal)).toBe(false);
    expect(fs.readFileSync(path.join(dir, "t.journal.damaged")).equals(damagedBytes)).toBe(true);

    const err = await refusal(store);
    expect(err.status).toBe(503);
    expect(err.message).toContain("t.journal.damaged");
    expect(err.message).toContain(`byte ${starts[5]}`);
    expect(err.message).toContain("after record 5; 15 intact records follow");
    expect(err.message).toContain("chc db repair --module t");
    expect(err.message).not.toContain(dir);
    expect(store.status()).toMatchObject({ writable: false, damaged: err.message });
    const logged = lines.find((l) => l.level === "error");
    expect(logged?.obj).toMatchObject({
      file: path.join(dir, "t.journal.damaged"),
      damagedAt: starts[5],
      afterRecord: 5,
      intactRecordsAfter: 15,
    });
    expect(lines.some((l) => /never acknowledged/.test(l.msg))).toBe(false);
    await store.close();
    open.length = 0;

    // A restart does not forget: the same refusal, the file untouched, no new journal.
    const again = await reopen(dir);
    expect(again.rows).toEqual(["r0", "r1", "r2", "r3"]);
    expect((await refusal(again.store)).message).toBe(err.message);
    expect(fs.readFileSync(path.join(dir, "t.journal.damaged")).equals(damagedBytes)).toBe(true);
    expect(fs.existsSync(journal)).toBe(false);
  });

  it("one bit in record 1: the store still opens (empty), nothing is cut, writes are refused", async () => {
    const { dir, damagedBytes } = await damagedJournal(20, 1);
    const { log } = logger();
    const store = await createStore({ dataDir: dir, name: "t", logger: log });
    open.push(store);
    expect(store.all("SELECT name FROM sqlite_master WHERE name = 'r'")).toEqual([]);
    expect((await refusal(store)).message).toContain("after record 0; 20 intact records follow");
    expect(fs.readFileSync(path.join(dir, "t.journal.damaged")).equals(damagedBytes)).toBe(true);
  });

  it("a read-only open beside it sees the same records before the damage", async () => {
    const { dir } = await damagedJournal(8, 4);
    const writer = await reopen(dir);
    const reader = await createStore({ dataDir: dir, name: "t", readOnly: true, logger: logger().log });
    open.push(reader);
    expect(reader.all<{ k: string }>("SELECT k FROM r ORDER BY rowid").map((x) => x.k)).toEqual(writer.rows);
  });

  it("a torn tail is still cut with a warning and the store keeps writing", async () => {
    const { dir, journal, starts } = await journalWithRows(5);
    dirs.push(dir);
    fs.truncateSync(journal, starts[5] + 10);
    const { store, rows, lines } = await reopen(dir);
    expect(rows).toEqual(["r0", "r1", "r2", "r3"]);
    expect(lines.some((l) => l.level === "warn" && /torn or corrupt/.test(l.msg))).toBe(true);
    expect(store.status().damaged).toBeNull();
    await store.write((tx) => tx.run("INSERT INTO r VALUES ('after')"));
  });
});

describe("a journal missing records", () => {
  it("record 6 of 21 cut out whole: nothing after the gap is applied, the file is kept aside, writes are refused", async () => {
    const fixture = await journalWithRows(20);
    dirs.push(fixture.dir);
    const { dir, journal, starts } = fixture;
    const left = cutRecords(journal, starts[5], starts[6]);
    const { store, rows, lines } = await reopen(dir);

    expect(rows).toEqual(["r0", "r1", "r2", "r3"]);
    expect(fs.existsSync(journal)).toBe(false);
    expect(fs.readFileSync(path.join(dir, "t.journal.damaged")).equals(left)).toBe(true);
    const err = await refusal(store);
    expect(err.message).toContain(
      `missing record 6: t.journal.damaged goes on at record 7 (byte ${starts[5]}) after record 5; 15 intact records follow`,
    );
    expect(err.message).toContain("chc db repair --module t");
    expect(store.status()).toMatchObject({ writable: false, damaged: err.message });
    expect(store.health()).toMatchObject({ writable: false, damaged: err.message });
    const logged = lines.find((l) => l.level === "error");
    expect(logged?.msg).toMatch(/journal is missing records/);
    expect(logged?.obj).toMatchObject({
      missingFrom: 6,
      missingTo: 6,
      afterRecord: 5,
      intactRecordsAfter: 15,
    });
    await store.close();
    open.length = 0;

    const again = await reopen(dir);
    expect(again.rows).toEqual(rows);
    expect((await refusal(again.store)).message).toBe(err.message);
  });

  it("an older database file beside a newer journal: the file is served as it is, the journal kept aside", async () => {
    const { dir, journal } = await olderDatabaseBesideJournal();
    dirs.push(dir);
    const journalBytes = fs.readFileSync(journal);
    const { store, rows } = await reopen(dir);
    expect(rows).toEqual(["r0", "r1", "r2", "r3", "r4"]);
    expect((await refusal(store)).message).toContain(
      "missing records 7–11: t.journal.damaged goes on at record 12 (byte 0) after record 6; 5 intact records follow",
    );
    expect(fs.readFileSync(path.join(dir, "t.journal.damaged")).equals(journalBytes)).toBe(true);
  });

  it("a read-only open beside a gap serves the records before it", async () => {
    const fixture = await journalWithRows(8);
    dirs.push(fixture.dir);
    cutRecords(fixture.journal, fixture.starts[3], fixture.starts[4]);
    const reader = await createStore({
      dataDir: fixture.dir,
      name: "t",
      readOnly: true,
      logger: logger().log,
    });
    open.push(reader);
    expect(reader.all<{ k: string }>("SELECT k FROM r ORDER BY rowid").map((x) => x.k)).toEqual(["r0", "r1"]);
    // Read-only: nothing on disk was moved.
    expect(fs.existsSync(fixture.journal)).toBe(true);
  });

  it("replay never skips a missing sequence number (a checkpoint folds nothing across a gap)", async () => {
    const db = openDatabase(await loadSqlJs());
    const insert = (seq: number) => ({
      seq,
      statements: [["INSERT INTO x VALUES (?)", [seq]]] as [string, number[]][],
    });
    db.exec("CREATE TABLE x (n INTEGER)");
    expect(replayRecords(db, [insert(1), insert(2)], 0)).toBe(2);
    expect(() => replayRecords(db, [insert(3), insert(5)], 2)).toThrow(
      "journal record 4 is missing before record 5",
    );
    expect(() => replayRecords(db, [insert(9)], 3)).toThrow(
      "journal records 4–8 are missing before record 9",
    );
    expect(db.exec("SELECT n FROM x")[0].values.flat()).toEqual([1, 2, 3]);
    db.close();
  });
});
