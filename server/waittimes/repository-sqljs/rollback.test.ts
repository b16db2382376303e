/**
 * Each write method of the sql.js repository is one transaction: when it fails half-way, nothing
 * it had written stays, in memory or on disk (the store is reopened from its files to check).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStore } from "../../db/store.js";
import type { Store } from "../../db/types.js";
import { waittimesMigrations } from "../migrations/index.js";
import type { IngestBatch, MeasurementRecord, WaittimesRepository } from "../repository.js";
import { createSqljsWaittimesRepository } from "./index.js";

const quiet = { info() {}, warn() {}, error() {} };
const NOW = 1_790_000_000;
let dir: string;
let store: Store;
let repo: WaittimesRepository;

const open = () =>
  createStore({ dataDir: dir, name: "waittimes", migrations: waittimesMigrations, logger: quiet });

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "wt-rollback-"));
  store = await open();
  repo = createSqljsWaittimesRepository(store);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  "ingest_runs",
  "ingest_row_errors",
  "measurements",
  "aggregates",
  "latest",
  "occupancy_observations",
];
const counts = (s: Store) =>
  Object.fromEntries(TABLES.map((t) => [t, s.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`)!.n]));
const nothing = Object.fromEntries(TABLES.map((t) => [t, 0]));

const measurement = (hid: number, t: number, value: number): MeasurementRecord => ({
  hid,
  metric: "TIME_TO_PROVIDER",
  t,
  value,
  unit: "minutes",
  received: NOW,
});

async function expectNothingStored() {
  expect(counts(store)).toEqual(nothing);
  await store.close();
  store = await open();
  repo = createSqljsWaittimesRepository(store);
  expect(counts(store)).toEqual(nothing);
}

describe("sql.js wait-time repository: a write that fails half-way leaves nothing", () => {
  it("storeIngest", async () => {
    const batch: IngestBatch = {
      sourceId: "quebec-msss",
      kind: "import",
      sha: "abc",
      now: NOW,
      strict: false,
      errors: [{ line: 9, reason: "bad row" }],
      observations: [
        { line: 1, measurement: measurement(1, NOW - 600, 40), occupancy: null },
        { line: 2, measurement: measurement(2, NOW - 600, 50), occupancy: null },
        // A second delivery of line 1's observation is kept as a duplicate, and its missing value
        // breaks a NOT NULL rule after the rows above were written.
        { line: 3, measurement: measurement(1, NOW - 600, null as unknown as number), occupancy: null },
      ],
    };
    await expect(repo.storeIngest(batch)).rejects.toThrow(/NOT NULL/);
    await expectNothingStored();
    // The same batch without the bad value is stored whole afterwards.
    const good = structuredClone(batch);
    good.observations[2].measurement.value = 41;
    const report = await repo.storeIngest(good);
    expect([report.outcome, report.accepted, report.rejected, report.duplicates]).toEqual([
      "partial",
      2,
      1,
      1,
    ]);
    expect(counts(store)).toMatchObject({ ingest_runs: 1, ingest_row_errors: 1, measurements: 2, latest: 2 });
  });

  it("extendDemoFeed", async () => {
    await repo.finishDemoHistory({ runs: [], totals: [], meta: [["demo_generated_at", String(NOW - 3600)]] });
    const before = await repo.meta();
    const run = {
      sourceId: "alberta-ahs",
      kind: "demo",
      startedAt: NOW,
      finishedAt: NOW,
      outcome: "success",
    };
    await expect(
      repo.extendDemoFeed({
        now: NOW,
        runs: [run],
        hospitals: [
          {
            sourceId: "alberta-ahs",
            measurements: [measurement(1, NOW - 60, 30)],
            duplicates: [],
            occupancy: [],
          },
          {
            sourceId: "alberta-ahs",
            measurements: [measurement(2, NOW - 60, null as unknown as number)],
            duplicates: [],
            occupancy: [],
          },
        ],
      }),
    ).rejects.toThrow(/NOT NULL/);
    expect(await repo.meta()).toEqual(before);
    await expectNothingStored();
    expect(await repo.meta()).toEqual(before);
  });
});
