/**
 * The hospital facts refresh (sql.js revision 3, PostgreSQL 4) on a database made before the
 * reference file gained the QC/AB/BC addresses: created at the previous revision, its hospitals
 * written back to the facts the file held then (tests/waittimes/fixtures), with measurements and a
 * methodology override stored; upgraded, it has the file's facts and nothing else changed;
 * downgraded, the old facts are back.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testPgCluster } from "../../../tests/helpers/pg-shared.js";
import { downgrade, upgrade } from "../../db/migrations.js";
import { pgDowngrade, pgUpgrade } from "../../db/pg/migrations.js";
import { createPgPool } from "../../db/pg/pool.js";
import { createStore } from "../../db/store.js";
import type { SqlValue } from "../../db/types.js";
import { REFERENCE_HOSPITALS } from "../registry.js";
import type { IngestBatch, StoredHospital, WaittimesRepository } from "../repository.js";
import { createPgWaittimesRepository } from "../repository-pg/index.js";
import { createSqljsWaittimesRepository } from "../repository-sqljs/index.js";
import { waittimesMigrations } from "./index.js";
import { waittimesPgMigrations } from "./pg/index.js";

interface OldFacts {
  id: string;
  address: string | null;
  phone: string | null;
  latitude: number;
  longitude: number;
  provenance: string;
}
const OLD: OldFacts[] = JSON.parse(
  readFileSync(
    new URL("../../../tests/waittimes/fixtures/hospital-facts-before-odhf.json", import.meta.url),
    "utf8",
  ),
).hospitals;
const OLD_WRITE =
  "UPDATE hospitals SET address = ?, phone = ?, latitude = ?, longitude = ?, provenance = ? WHERE id = ?";
const OLD_WRITE_PG =
  "UPDATE hospitals SET address = $1, phone = $2, latitude = $3, longitude = $4, provenance = $5 WHERE id = $6";
const oldValues = (o: OldFacts): SqlValue[] => [
  o.address,
  o.phone,
  o.latitude,
  o.longitude,
  o.provenance,
  o.id,
];
const NOW = 1_790_000_000;
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** Tables the refresh must leave as they were. */
const KEPT = [
  "measurements",
  "measurement_duplicates",
  "aggregates",
  "latest",
  "occupancy_observations",
  "ingest_runs",
];

/** A Quebec feed for the first two hospitals, so every kept table holds rows. */
const FEED: IngestBatch = {
  sourceId: "quebec-msss",
  kind: "import",
  sha: "before-refresh",
  now: NOW,
  strict: false,
  errors: [],
  observations: [
    ...[1, 2].map((hid) => ({
      line: hid,
      measurement: {
        hid,
        metric: "TIME_TO_PROVIDER",
        t: NOW - 3600,
        value: 40 + hid,
        unit: "minutes",
        received: NOW,
      },
      occupancy: null,
    })),
    {
      line: 3,
      measurement: {
        hid: 1,
        metric: "STRETCHER_OCCUPANCY",
        t: NOW - 3600,
        value: 81,
        unit: "percent",
        received: NOW,
      },
      occupancy: { hid: 1, t: NOW - 3600, pct: 81, total: 40, occupied: 32, waiting: 5 },
    },
    {
      line: 4,
      measurement: {
        hid: 1,
        metric: "TIME_TO_PROVIDER",
        t: NOW - 3600,
        value: 44,
        unit: "minutes",
        received: NOW,
      },
      occupancy: null,
    },
  ],
};

interface OldDatabase {
  /** The refresh's revision on this backend. */
  refresh: number;
  repo: () => WaittimesRepository;
  /** Every row of the kept tables, in key order. */
  kept: () => Promise<Record<string, unknown[]>>;
  hasSnapshot: () => Promise<boolean>;
  upgrade: () => Promise<number[]>;
  /** Sets hospital 2's statistic_type column, as an override was stored before changes were dated. */
  setOldOverride: () => Promise<void>;
  downgrade: () => Promise<number | undefined>;
}

type HospitalFacts = Pick<
  StoredHospital,
  "id" | "name" | "city" | "address" | "phone" | "latitude" | "longitude" | "aliases" | "provenance"
>;
const facts = (h: HospitalFacts) => ({
  id: h.id,
  name: h.name,
  city: h.city,
  address: h.address,
  phone: h.phone,
  latitude: h.latitude,
  longitude: h.longitude,
  aliases: h.aliases,
  provenance: h.provenance,
});
const reference = REFERENCE_HOSPITALS.map(facts);
const byId = (list: { id: string }[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

/** What the old database held: the reference with the fixture's facts written over. */
function oldRegistry() {
  const old = new Map(OLD.map((o) => [o.id, o]));
  return byId(reference.map((h) => ({ ...h, ...old.get(h.id) })));
}

const OLD_OVERRIDE = "UPDATE hospitals SET statistic_type = 'MEDIAN' WHERE hid = 2";

/** The shared story for one backend: write the old facts and data, upgrade, check, downgrade, check. */
async function refreshAndRevert(db: OldDatabase) {
  await db.repo().storeIngest(FEED);
  await db.setOldOverride();
  const before = await db.kept();
  expect(before.measurements.length).toBeGreaterThan(0);
  expect(before.measurement_duplicates.length).toBe(1);
  expect(byId((await db.repo().listHospitals()).map(facts))).toEqual(oldRegistry());

  expect(await db.upgrade()).toEqual([db.refresh]);
  const upgraded = await db.repo().listHospitals();
  expect(byId(upgraded.map(facts))).toEqual(byId(reference));
  const lougheed = upgraded.find((h) => h.id === "ca-ab-peter-lougheed-centre")!;
  expect([lougheed.address, lougheed.latitude, lougheed.longitude]).toEqual([
    "3500 26 Ave NE, Calgary AB T1Y 6J4",
    51.078059,
    -113.98295,
  ]);
  expect(upgraded.find((h) => h.hid === 2)!.override.statistic_type).toBe("MEDIAN");
  expect(await db.kept()).toEqual(before);

  expect(await db.downgrade()).toBe(db.refresh);
  const reverted = await db.repo().listHospitals();
  expect(byId(reverted.map(facts))).toEqual(oldRegistry());
  expect(reverted.find((h) => h.hid === 2)!.override.statistic_type).toBe("MEDIAN");
  expect(await db.kept()).toEqual(before);
  expect(await db.hasSnapshot()).toBe(false);
}

describe("an existing wait-time database gets the reference file's hospital facts", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const done of cleanups.reverse()) await done();
  });

  it("on sql.js: revision 2 upgraded to 3, then downgraded", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wt-refresh-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = await createStore({
      dataDir: dir,
      name: "waittimes",
      migrations: waittimesMigrations.slice(0, 2),
      logger: quiet,
    });
    cleanups.push(() => store.close());
    await store.write((tx) => {
      for (const o of OLD) tx.run(OLD_WRITE, oldValues(o));
    });
    const repo = createSqljsWaittimesRepository(store);
    await refreshAndRevert({
      refresh: 3,
      repo: () => repo,
      setOldOverride: () =>
        store.write((tx) => {
          tx.run(OLD_OVERRIDE);
        }),
      kept: async () =>
        Object.fromEntries(KEPT.map((t) => [t, store.all(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`)])),
      hasSnapshot: async () =>
        store.get("SELECT 1 AS x FROM sqlite_master WHERE name = 'hospital_facts_before_refresh'") !==
        undefined,
      // Up to the refresh: the next revision (calendar days) rebuilds the aggregates on purpose.
      upgrade: () => upgrade(store, waittimesMigrations.slice(0, 3)),
      downgrade: async () => (await downgrade(store, waittimesMigrations.slice(0, 3)))?.version,
    });
  });

  it("on PostgreSQL: revision 3 upgraded to 4, then downgraded", async () => {
    const cluster = await testPgCluster();
    cleanups.push(() => cluster.destroy());
    const pool: pg.Pool = createPgPool({
      url: cluster.createDatabase("refresh"),
      schema: "waittimes",
      size: 2,
    });
    cleanups.push(() => pool.end());
    expect(await pgUpgrade(pool, "waittimes", waittimesPgMigrations.slice(0, 3))).toEqual([1, 2, 3]);
    for (const o of OLD) await pool.query(OLD_WRITE_PG, oldValues(o));
    const repo = createPgWaittimesRepository(pool);
    await refreshAndRevert({
      refresh: 4,
      repo: () => repo,
      setOldOverride: async () => {
        await pool.query(OLD_OVERRIDE);
      },
      kept: async () => {
        const rows: Record<string, unknown[]> = {};
        for (const t of KEPT) rows[t] = (await pool.query(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`)).rows;
        return rows;
      },
      hasSnapshot: async () =>
        (await pool.query("SELECT to_regclass('hospital_facts_before_refresh') AS t")).rows[0].t !== null,
      upgrade: () => pgUpgrade(pool, "waittimes", waittimesPgMigrations.slice(0, 4)),
      downgrade: async () =>
        (await pgDowngrade(pool, "waittimes", waittimesPgMigrations.slice(0, 4)))?.version,
    });
  });
});
