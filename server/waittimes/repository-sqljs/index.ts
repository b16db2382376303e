/**
 * The wait-time repository on the durable sql.js store: reads answer from memory, and each write
 * method is one `store.write` (one journal record, resolved once durable).
 */
import type { Store } from "../../db/types.js";
import type { WaittimesRepository } from "../repository.js";
import { addDemoMeasurements } from "./demo.js";
import { storeIngest } from "./ingest.js";
import { sqljsReads } from "./reads.js";
import { insertRun, setMeta, setRunTotals } from "./rows.js";

const METHODOLOGY_COLUMNS = new Set(["metric_family", "start_event", "end_event", "statistic_type"]);

export function createSqljsWaittimesRepository(store: Store): WaittimesRepository {
  return {
    ...sqljsReads(store),
    dataVersion: async () => store.dataVersion,
    // One process serves sql.js: every scheduled tick is its own.
    claimTaskSlot: async () => true,

    async setHospitalMethodology(hid, fields) {
      const entries = Object.entries(fields);
      // Column names cannot be parameters: only the four known ones reach the statement.
      for (const [field] of entries)
        if (!METHODOLOGY_COLUMNS.has(field)) throw new Error(`unknown methodology field "${field}"`);
      await store.write((tx) => {
        for (const [field, value] of entries)
          tx.run(`UPDATE hospitals SET ${field} = ? WHERE hid = ?`, [value ?? null, hid]);
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
