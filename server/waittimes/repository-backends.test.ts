import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackendPair, startBackendPair } from "../../tests/helpers/backend-pair.js";
import { pgCurrentVersion, pgDowngrade, pgHistory, pgUpgrade } from "../db/pg/migrations.js";
import { waittimesMigrations } from "./migrations/index.js";
import { waittimesPgMigrations } from "./migrations/pg/index.js";
import type { IngestBatch, MeasurementRecord, WaittimesRepository } from "./repository.js";
import { createPgWaittimesRepository } from "./repository-pg/index.js";
import { createSqljsWaittimesRepository } from "./repository-sqljs/index.js";

const _quiet = { info() {}, warn() {}, error() {} };
const NOW = 1_790_000_000;
const HOUR = 3600;
let pair: BackendPair;
let sqljs: WaittimesRepository;
let postgres: WaittimesRepository;

beforeAll(async () => {
  pair = await startBackendPair({
    schema: "waittimes",
    migrations: waittimesMigrations,
    pgMigrations: waittimesPgMigrations,
  });
  sqljs = createSqljsWaittimesRepository(pair.store);
  postgres = createPgWaittimesRepository(pair.pool);
}, 120_000);

afterAll(async () => {
  await pair?.close();
});

const measurement = (hid: number, t: number, value: number, received = NOW): MeasurementRecord => ({
  hid,
  metric: "TIME_TO_PROVIDER",
  t,
  value,
  unit: "minutes",
  received,
});

const feed = (over: Partial<IngestBatch> = {}): IngestBatch => ({
  sourceId: "quebec-msss",
  kind: "import",
  sha: "feed-1",
  now: NOW,
  strict: false,
  errors: [{ line: 9, reason: "bad row" }],
  observations: [
    { line: 1, measurement: measurement(1, NOW - 2 * HOUR, 40, NOW - HOUR), occupancy: null },
    { line: 2, measurement: measurement(2, NOW - 2 * HOUR, 50), occupancy: null },
    {
      line: 3,
      measurement: { ...measurement(2, NOW - HOUR, 81), metric: "STRETCHER_OCCUPANCY", unit: "percent" },
      occupancy: { hid: 2, t: NOW - HOUR, pct: 81, total: 40, occupied: 32, waiting: 5 },
    },
    // The same observation again in the same feed: a duplicate.
    { line: 4, measurement: measurement(1, NOW - 2 * HOUR, 41), occupancy: null },
    { line: 5, measurement: measurement(1, NOW - 40 * 24 * HOUR, 35), occupancy: null },
  ],
  ...over,
});

/** Every read of the interface, for hospitals 1 and 2. */
async function everyRead(repo: WaittimesRepository) {
  const from = NOW - 400 * 24 * HOUR;
  return {
    sources: await repo.listSources(),
    hospitals: await repo.listHospitals(),
    methodologyChanges: await repo.listMethodologyChanges(),
    trends: await Promise.all(
      (["h", "d", "w", "m"] as const).map((grain) => repo.trendPoints(1, "TIME_TO_PROVIDER", grain, from)),
    ),
    latest: await repo.latestValue(1, "TIME_TO_PROVIDER"),
    latestMany: [...(await repo.latestValues([1, 2, 3], "TIME_TO_PROVIDER"))],
    totals: [...(await repo.periodTotals([1, 2], "TIME_TO_PROVIDER", "d", from, NOW + HOUR))],
    series: await repo.seriesSince(1, "TIME_TO_PROVIDER", from),
    late: await repo.countLateArrivals(1, "TIME_TO_PROVIDER", from, 1800),
    duplicates: await repo.duplicatesSince(1, from),
    runs: await repo.runsSince("quebec-msss", 0),
    latestRun: await repo.latestRun("quebec-msss"),
    refused: await repo.refusedRowsSince(0, "quebec-msss", 10),
    refusedAll: await repo.refusedRowsSince(0, null, 10),
    occupancyRun: await repo.latestOccupancyRun(),
    occupancy: await repo.latestOccupancy([1, 2]),
    meta: await repo.meta(),
    counts: await repo.counts(),
    holdsData: await repo.holdsData(),
  };
}

/** Runs `write` on both backends; the answers and then every read must agree. */
async function both<T>(write: (repo: WaittimesRepository) => Promise<T>): Promise<T> {
  const versions = [await sqljs.dataVersion(), await postgres.dataVersion()];
  const a = await write(sqljs);
  const b = await write(postgres);
  expect(b).toEqual(a);
  expect(await everyRead(postgres)).toEqual(await everyRead(sqljs));
  // Every write is seen by every process's caches.
  expect(await sqljs.dataVersion()).toBeGreaterThan(versions[0]);
  expect(await postgres.dataVersion()).toBeGreaterThan(versions[1]);
  return a;
}

describe("wait-time repository on sql.js and PostgreSQL", () => {
  it("start with the same registry and no data", async () => {
    const [a, b] = [await everyRead(sqljs), await everyRead(postgres)];
    expect(a.hospitals.length).toBeGreaterThan(200);
    expect(b).toEqual(a);
    expect(b.holdsData).toBe(false);
  });

  it("store a feed, refuse it again, refuse an unchanged poll and a strict feed with a bad row", async () => {
    const stored = await both((repo) => repo.storeIngest(feed()));
    expect([stored.outcome, stored.accepted, stored.duplicates, stored.occupancyRows]).toEqual([
      "partial",
      4,
      1,
      1,
    ]);
    expect((await both((repo) => repo.storeIngest(feed()))).outcome).toBe("already_imported");
    await both((repo) => repo.storeIngest(feed({ kind: "poll", sha: "poll-1" })));
    expect((await both((repo) => repo.storeIngest(feed({ kind: "poll", sha: "poll-1" })))).outcome).toBe(
      "unchanged",
    );
    expect((await both((repo) => repo.storeIngest(feed({ sha: "strict", strict: true })))).outcome).toBe(
      "rejected",
    );
    // A later feed: new values move the latest one, old ones add to the buckets.
    await both((repo) =>
      repo.storeIngest(
        feed({
          sha: "feed-2",
          errors: [],
          observations: [
            { line: 1, measurement: measurement(1, NOW - HOUR, 60), occupancy: null },
            { line: 2, measurement: measurement(1, NOW - 3 * HOUR, 20), occupancy: null },
          ],
        }),
      ),
    );
    expect((await postgres.latestValue(1, "TIME_TO_PROVIDER"))?.value).toBe(60);
  });

  it("record runs, add dated methodology changes, and write the demo feed", async () => {
    await both((repo) =>
      repo.recordRun({
        sourceId: "alberta-ahs",
        kind: "poll",
        startedAt: NOW,
        finishedAt: NOW + 1,
        outcome: "failed",
        errorCategory: "network",
        message: "timeout",
      }),
    );
    const change = (from: number, statistic_type: "MEDIAN" | null) => ({
      hid: 2,
      effective_from: from,
      override: { metric_family: null, start_event: null, end_event: null, statistic_type },
      entered_at: NOW,
      entered_by: "operator",
    });
    // Entered out of order: the later one first, then a correction of an earlier date.
    await both((repo) => repo.addMethodologyChange(change(NOW - HOUR, null)));
    await both((repo) => repo.addMethodologyChange(change(NOW - 5 * HOUR, "MEDIAN")));
    expect(await postgres.listMethodologyChanges()).toEqual([
      change(NOW - 5 * HOUR, "MEDIAN"),
      change(NOW - HOUR, null),
    ]);
    const ids = await both((repo) =>
      repo.recordRuns([
        {
          sourceId: "alberta-ahs",
          kind: "demo",
          startedAt: NOW,
          finishedAt: NOW,
          outcome: "success",
          demo: true,
        },
        {
          sourceId: "ontario-ohs",
          kind: "demo",
          startedAt: NOW,
          finishedAt: NOW,
          outcome: "success",
          demo: true,
        },
      ]),
    );
    await both((repo) =>
      repo.addDemoMeasurements({
        now: NOW,
        runId: (source) => (source === "alberta-ahs" ? ids[0] : ids[1]),
        hospitals: [
          {
            sourceId: "alberta-ahs",
            measurements: [measurement(3, NOW - 5 * HOUR, 25), measurement(3, NOW - 4 * HOUR, 35)],
            duplicates: [measurement(3, NOW - 5 * HOUR, 26)],
            occupancy: [],
          },
        ],
      }),
    );
    await both((repo) =>
      repo.finishDemoHistory({
        runs: [],
        totals: [{ runId: ids[0], accepted: 2, occupancy: 0 }],
        meta: [
          ["demo", "1"],
          ["demo_generated_at", String(NOW)],
        ],
      }),
    );
    await both((repo) =>
      repo.extendDemoFeed({
        now: NOW + HOUR,
        runs: [
          {
            sourceId: "alberta-ahs",
            kind: "demo",
            startedAt: NOW + HOUR,
            finishedAt: NOW + HOUR,
            outcome: "success",
            demo: true,
          },
        ],
        hospitals: [
          { sourceId: "alberta-ahs", measurements: [measurement(3, NOW, 45)], duplicates: [], occupancy: [] },
        ],
      }),
    );
    expect((await postgres.meta()).demo_generated_at).toBe(String(NOW + HOUR));
  });
});

describe("wait-time repository on PostgreSQL", () => {
  it("leaves nothing behind when a write fails half-way", async () => {
    const before = await everyRead(postgres);
    const bad = feed({ sha: "bad" });
    // Rows are written, then a value PostgreSQL refuses ends the transaction.
    bad.observations.push({
      line: 6,
      measurement: measurement(2, NOW - 7 * HOUR, "many" as unknown as number),
      occupancy: null,
    });
    await expect(postgres.storeIngest(bad)).rejects.toThrow(/double precision/);
    expect(await everyRead(postgres)).toEqual(before);
  });

  it("migrates up, down to nothing and up again, each revision once when two processes start together", async () => {
    const url = pair.cluster.createDatabase("migrations");
    // Two pools stand for two app processes starting on the same empty database.
    const [first, other] = [pair.pgPool(url), pair.pgPool(url)];
    const applied = await Promise.all([
      pgUpgrade(first, "waittimes", waittimesPgMigrations),
      pgUpgrade(other, "waittimes", waittimesPgMigrations),
    ]);
    expect(applied.flat().sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await pgCurrentVersion(first, "waittimes")).toBe(6);
    expect((await pgHistory(first, "waittimes", waittimesPgMigrations)).map((m) => m.applied)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect((await pgDowngrade(first, "waittimes", waittimesPgMigrations))?.version).toBe(6);
    expect((await pgDowngrade(first, "waittimes", waittimesPgMigrations))?.version).toBe(5);
    expect((await pgDowngrade(first, "waittimes", waittimesPgMigrations))?.version).toBe(4);
    // Revision 3 (PostgreSQL only): the slots scheduled tasks claim across processes.
    expect((await pgDowngrade(first, "waittimes", waittimesPgMigrations))?.version).toBe(3);
    expect((await pgDowngrade(first, "waittimes", waittimesPgMigrations))?.version).toBe(2);
    expect(Number((await first.query("SELECT COUNT(*) AS n FROM hospitals")).rows[0].n)).toBe(0);
    expect((await pgDowngrade(first, "waittimes", waittimesPgMigrations))?.version).toBe(1);
    expect(await pgDowngrade(first, "waittimes", waittimesPgMigrations)).toBeNull();
    const tables = await first.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'waittimes'",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(["_migrations"]);
    expect(await pgUpgrade(first, "waittimes", waittimesPgMigrations)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await createPgWaittimesRepository(first).listHospitals()).length).toBe(
      (await sqljs.listHospitals()).length,
    );
  });
});
