/**
 * The calendar-days revision (sql.js 4, PostgreSQL 5) on a database whose daily, weekly and monthly
 * aggregates are UTC buckets: upgraded, they are what an ingest writes today (the province's
 * days); downgraded, the UTC buckets are back. Hourly buckets and the measurements stay as they were.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testPgCluster } from "../../../tests/helpers/pg-shared.js";
import { downgrade, upgrade } from "../../db/migrations.js";
import { pgDowngrade, pgUpgrade } from "../../db/pg/migrations.js";
import { createPgPool } from "../../db/pg/pool.js";
import { createStore } from "../../db/store.js";
import type { IngestBatch, WaittimesRepository } from "../repository.js";
import { createPgWaittimesRepository } from "../repository-pg/index.js";
import { createSqljsWaittimesRepository } from "../repository-sqljs/index.js";
import { rebuildCalendarBuckets } from "./004-calendar-days.js";
import { waittimesMigrations } from "./index.js";
import { waittimesPgMigrations } from "./pg/index.js";

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
// 20:00 in Vancouver on 29 November 2026, already the 30th in UTC.
const EVENING = Date.parse("2026-11-30T04:00:00Z") / 1000;

async function vghFeed(repo: WaittimesRepository): Promise<IngestBatch> {
  const vgh = (await repo.listHospitals()).find((h) => h.id === "ca-bc-vgh")!;
  const measurement = (t: number, value: number) => ({
    hid: vgh.hid,
    metric: "TIME_TO_PROVIDER",
    t,
    value,
    unit: "minutes",
    received: EVENING + 600,
  });
  return {
    sourceId: "bc-phsa",
    kind: "import",
    sha: "calendar-days",
    now: EVENING + 600,
    strict: false,
    errors: [],
    observations: [
      { line: 1, measurement: measurement(EVENING - 10 * 3600, 100), occupancy: null },
      { line: 2, measurement: measurement(EVENING, 300), occupancy: null },
    ],
  };
}

interface Database {
  repo: WaittimesRepository;
  aggregates: () => Promise<unknown[]>;
  /** Writes the aggregates as a database made before the revision held them (UTC buckets). */
  makeOld: () => Promise<void>;
  upgrade: () => Promise<number[]>;
  downgrade: () => Promise<number | undefined>;
  revision: number;
}

async function story(db: Database) {
  await db.repo.storeIngest(await vghFeed(db.repo));
  const today = await db.aggregates();
  await db.makeOld();
  const old = await db.aggregates();
  expect(old).not.toEqual(today);
  const day = (rows: unknown[]) =>
    (rows as { grain: string; bucket: number | string; n: number | string }[])
      .filter((r) => r.grain === "d")
      .map((r) => [new Date(Number(r.bucket) * 1000).toISOString(), Number(r.n)]);
  // UTC: the two readings on two days. Vancouver: both on the 29th, from its midnight.
  expect(day(old)).toEqual([
    ["2026-11-29T00:00:00.000Z", 1],
    ["2026-11-30T00:00:00.000Z", 1],
  ]);
  expect(day(today)).toEqual([["2026-11-29T08:00:00.000Z", 2]]);
  expect(await db.upgrade()).toEqual([db.revision]);
  expect(await db.aggregates()).toEqual(today);
  expect(await db.downgrade()).toBe(db.revision);
  expect(await db.aggregates()).toEqual(old);
}

describe("the wait-time aggregates move to each province's calendar", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const done of cleanups.reverse()) await done();
  });

  it("on sql.js: revision 3 upgraded to 4, then downgraded", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wt-calendar-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const before = waittimesMigrations.slice(0, 3);
    const store = await createStore({ dataDir: dir, name: "waittimes", migrations: before, logger: quiet });
    cleanups.push(() => store.close());
    await story({
      repo: createSqljsWaittimesRepository(store),
      aggregates: async () => store.all("SELECT * FROM aggregates ORDER BY 1, 2, 3, 4"),
      makeOld: () => store.write((tx) => rebuildCalendarBuckets(tx, () => "UTC")),
      // Up to this revision: the later ones are tested on their own.
      upgrade: () => upgrade(store, waittimesMigrations.slice(0, 4)),
      downgrade: async () => (await downgrade(store, waittimesMigrations.slice(0, 4)))?.version,
      revision: 4,
    });
  });

  it("on PostgreSQL: revision 4 upgraded to 5, then downgraded", async () => {
    const cluster = await testPgCluster();
    cleanups.push(() => cluster.destroy());
    const pool = createPgPool({ url: cluster.createDatabase("calendar"), schema: "waittimes", size: 2 });
    cleanups.push(() => pool.end());
    expect(await pgUpgrade(pool, "waittimes", waittimesPgMigrations.slice(0, 4))).toEqual([1, 2, 3, 4]);
    const utc = waittimesPgMigrations.find((m) => m.version === 5)!;
    await story({
      repo: createPgWaittimesRepository(pool),
      aggregates: async () => (await pool.query("SELECT * FROM aggregates ORDER BY 1, 2, 3, 4")).rows,
      makeOld: async () => {
        const client = await pool.connect();
        try {
          if (typeof utc.down === "function") await utc.down(client);
        } finally {
          client.release();
        }
      },
      upgrade: () => pgUpgrade(pool, "waittimes", waittimesPgMigrations.slice(0, 5)),
      downgrade: async () =>
        (await pgDowngrade(pool, "waittimes", waittimesPgMigrations.slice(0, 5)))?.version,
      revision: 5,
    });
  });
});
