/**
 * The wait-time repository on the durable sql.js store: reads answer from memory, and each write
 * method is one `store.write` (one journal record, resolved once durable).
 */
import type { Store } from "../../db/types.js";
import { METHODOLOGY_CHANGE_COLUMNS, methodologyChangeValues } from "../registry-rows.js";
import type { WaittimesRepository } from "../repository.js";
import { addDemoMeasurements } from "./demo.js";
import { storeIngest } from "./ingest.js";
import { sqljsReads } from "./reads.js";
import { insertRun, setMeta, setRunTotals } from "./rows.js";

export function createSqljsWaittimesRepository(store: Store): WaittimesRepository {
  return {
    ...sqljsReads(store),
    dataVersion: async () => store.dataVersion,
    // One process serves sql.js: every scheduled tick is its own.
    claimTaskSlot: async () => true,

    async addMethodologyChange(change) {
      await store.write((tx) => {
        tx.run(
          `INSERT INTO methodology_changes (${METHODOLOGY_CHANGE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)`,
          methodologyChangeValues(change),
        );
      });
    },

    recordRun: (run) => store.write((tx) => insertRun(tx, run)),
    storeIngest: (batch) => store.write((tx) => storeIngest(tx, batch)),
    recordRuns: (runs) => store.write((tx) => runs.map((run) => insertRun(tx, run))),

    async addDemoMeasurements(part) {
      await store.write((tx) => {
        addDemoMeasurements(tx, part);
      });
    },

    async finishDemoHistory(end) {
      await store.write((tx) => {
        for (const run of end.runs) insertRun(tx, run);
        for (const t of end.totals) setRunTotals(tx, t.runId, t.accepted, t.occupancy);
        for (const [key, value] of end.meta) setMeta(tx, key, value);
      });
    },

    async extendDemoFeed(ext) {
      await store.write((tx) => {
        const runIds = new Map(ext.runs.map((run) => [run.sourceId, insertRun(tx, run)]));
        const bySource = addDemoMeasurements(tx, {
          now: ext.now,
          runId: (sourceId) => runIds.get(sourceId)!,
          hospitals: ext.hospitals,
        });
        for (const [sourceId, runId] of runIds) {
          const t = bySource.get(sourceId);
          setRunTotals(tx, runId, t?.rows ?? 0, t?.occupancy ?? 0);
        }
        setMeta(tx, "demo_generated_at", String(ext.now));
      });
    },
  };
}
