import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { schemaSnapshot, verifyMigrationRoundTrip } from "./migration-roundtrip.js";
import { currentVersion, downgrade, history, upgrade } from "./migrations.js";
import { createStore } from "./store.js";
import type { Migration, StoreLogger } from "./types.js";

const quiet: StoreLogger = { info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  dirs.push(dir);
  return dir;
}

/** A sample list: SQL strings, a column added and dropped, and a function revision moving data. */
const sample: Migration[] = [
  {
    version: 1,
    name: "create_place",
    up: "CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE INDEX place_name ON place(name);",
    down: "DROP INDEX place_name; DROP TABLE place;",
  },
  {
    version: 2,
    name: "add_city",
    up: "ALTER TABLE place ADD COLUMN city TEXT",
    down: "ALTER TABLE place DROP COLUMN city",
  },
  {
    version: 3,
    name: "split_tags",
    up: (tx) => {
      tx.run("CREATE TABLE tag (place_id INTEGER NOT NULL REFERENCES place(id), tag TEXT NOT NULL)");
      tx.run("INSERT INTO tag (place_id, tag) SELECT id, 'city:' || city FROM place WHERE city IS NOT NULL");
    },
    down: (tx) => tx.run("DROP TABLE tag"),
  },
];

describe("migrations", () => {
  it("up, down, up on every revision of an empty database restores each schema", async () => {
    const store = await createStore({ dataDir: tempDir(), name: "m", logger: quiet });
    await verifyMigrationRoundTrip(store, sample);
    expect(currentVersion(store)).toBe(3);
    await store.close();
  });

  it("up, down, up with data in the tables keeps the rows the schema still has room for", async () => {
    const store = await createStore({ dataDir: tempDir(), name: "m", logger: quiet });
    await verifyMigrationRoundTrip(store, sample, (tx, version) => {
      if (version === 1) tx.run("INSERT INTO place (name) VALUES ('Clinic A'), ('Clinic B')");
      if (version === 2) tx.run("UPDATE place SET city = 'Halifax' WHERE name = 'Clinic A'");
    });
    // Revision 3 derived its tags from the city set while at revision 2, and rebuilt them after its own down/up.
    expect(store.all("SELECT place_id, tag FROM tag")).toEqual([{ place_id: 1, tag: "city:Halifax" }]);
    await downgrade(store, sample);
    await upgrade(store, sample);
    expect(store.all("SELECT place_id, tag FROM tag")).toEqual([{ place_id: 1, tag: "city:Halifax" }]);
    expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM place")?.n).toBe(2);
    await store.close();
  });

  it("detects a down step that does not undo its up step", async () => {
    const store = await createStore({ dataDir: tempDir(), name: "m", logger: quiet });
    const broken: Migration[] = [
      { version: 1, name: "leaky", up: "CREATE TABLE a (x); CREATE TABLE b (y);", down: "DROP TABLE a" },
    ];
    await expect(verifyMigrationRoundTrip(store, broken)).rejects.toThrow(/down does not restore/);
    await store.close();
  });

  it("upgrades on open, records history, and a failing revision leaves nothing behind", async () => {
    const dir = tempDir();
    const bad: Migration = {
      version: 4,
      name: "bad",
      up: "CREATE TABLE z (x); INSERT INTO nowhere VALUES (1);",
      down: "DROP TABLE z",
    };
    await expect(
      createStore({ dataDir: dir, name: "m", logger: quiet, migrations: [...sample, bad] }),
    ).rejects.toThrow(/nowhere/);
    const store = await createStore({ dataDir: dir, name: "m", logger: quiet, migrations: sample });
    expect(store.status().schemaVersion).toBe(3);
    expect(schemaSnapshot(store)).not.toMatch(/TABLE z/);
    const h = history(store, [...sample, bad]);
    expect(h.map((s) => [s.version, s.applied])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(h[0].appliedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await downgrade(store, sample))?.version).toBe(3);
    await store.close();
    const again = await createStore({ dataDir: dir, name: "m", logger: quiet });
    expect(currentVersion(again)).toBe(2);
    expect(history(again, sample.slice(0, 1)).map((s) => [s.version, s.unknown])).toEqual([
      [1, false],
      [2, true],
    ]);
    await expect(downgrade(again, sample.slice(0, 1))).rejects.toThrow(/does not know/);
    await again.close();
  });

  it("rejects duplicate versions", async () => {
    const store = await createStore({ dataDir: tempDir(), name: "m", logger: quiet });
    await expect(upgrade(store, [sample[0], { ...sample[1], version: 1 }])).rejects.toThrow(/used twice/);
    await store.close();
  });
});
