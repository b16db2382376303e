/**
 * The wait-time repository on PostgreSQL (schema `waittimes`, see migrations/pg/): reads go to the
 * pool; each write method is one transaction, acknowledged once PostgreSQL has committed it.
 * `dataVersion` is a sequence every write bumps, so each process's caches see every process's writes.
 */
import type pg from "pg";
import { versionedWrite } from "../../db/pg/pool.js";
import { claimTaskSlot } from "../../db/pg/task-slots.js";
import { foldDemoPart } from "../aggregates.js";
import { METHODOLOGY_CHANGE_COLUMNS, methodologyChangeValues } from "../registry-rows.js";
import type { DemoPart, WaittimesRepository } from "../repository.js";
import { storeIngest } from "./ingest.js";
import { pgReads } from "./reads.js";
import {
  flushAggregates,
  insertDuplicates,
  insertMeasurements,
  insertOccupancy,
  insertRun,
  setMeta,
  setRunTotals,
} from "./rows.js";

/** Every given observation, with the aggregates; the demo history counts them all. */
async function addDemoMeasurements(client: pg.ClientBase, part: DemoPart) {
  for (const h of part.hospitals) {
    const runId = part.runId(h.sourceId);
    await insertMeasurements(client, h.measurements, runId);
    await insertOccupancy(client, h.occupancy, runId);
    await insertDuplicates(client, h.duplicates, runId);
  }
  const { aggregates, bySource } = foldDemoPart(part);
  await flushAggregates(client, aggregates);
  return bySource;
}

export function createPgWaittimesRepository(pool: pg.Pool): WaittimesRepository {
  const write = <T>(fn: (client: pg.PoolClient) => Promise<T>) => versionedWrite(pool, fn);
  return {
    ...pgReads(pool),
    claimTaskSlot: (task, slot) => claimTaskSlot(pool, task, slot),
    async dataVersion() {
      const { rows } = await pool.query<{ v: number }>(
        "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM data_version",
      );
      return rows[0].v;
    },

    async addMethodologyChange(change) {
      await write(async (client) => {
        await client.query(
          `INSERT INTO methodology_changes (${METHODOLOGY_CHANGE_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
          methodologyChangeValues(change),
        );
      });
    },

    recordRun: (run) => write((client) => insertRun(client, run)),
    // storeIngest takes its source's lock before bumping the version, so it opens its own transaction.
    storeIngest: (batch) => versionedWrite(pool, (client) => storeIngest(client, batch)),
    recordRuns: (runs) =>
      write(async (client) => {
        const ids: number[] = [];
        for (const run of runs) ids.push(await insertRun(client, run));
        return ids;
      }),

    async addDemoMeasurements(part) {
      await write((client) => addDemoMeasurements(client, part));
    },

    async finishDemoHistory(end) {
      await write(async (client) => {
        for (const run of end.runs) await insertRun(client, run);
        for (const t of end.totals) await setRunTotals(client, t.runId, t.accepted, t.occupancy);
        for (const [key, value] of end.meta) await setMeta(client, key, value);
      });
    },

    async extendDemoFeed(ext) {
      await write(async (client) => {
        const runIds = new Map<string, number>();
        for (const run of ext.runs) runIds.set(run.sourceId, await insertRun(client, run));
        const bySource = await addDemoMeasurements(client, {
          now: ext.now,
          runId: (sourceId) => runIds.get(sourceId)!,
          hospitals: ext.hospitals,
        });
        for (const [sourceId, runId] of runIds) {
          const t = bySource.get(sourceId);
          await setRunTotals(client, runId, t?.rows ?? 0, t?.occupancy ?? 0);
        }
        await setMeta(client, "demo_generated_at", String(ext.now));
      });
    },
  };
}
