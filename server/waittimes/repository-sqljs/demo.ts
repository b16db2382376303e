/** The demo feed's writes on sql.js. */
import type { Tx } from "../../db/types.js";
import { AggregateBatch } from "../aggregates.js";
import type { DemoPart } from "../repository.js";
import { flushAggregates, insertDuplicate, insertMeasurements, insertOccupancy } from "./rows.js";

/** Every given observation is folded into the aggregates, as the demo history counts them all. */
export function addDemoMeasurements(
  tx: Tx,
  part: DemoPart,
): Map<string, { rows: number; occupancy: number }> {
  const aggregates = new AggregateBatch(part.now);
  const bySource = new Map<string, { rows: number; occupancy: number }>();
  for (const h of part.hospitals) {
    const runId = part.runId(h.sourceId);
    insertMeasurements(tx, h.measurements, runId);
    insertOccupancy(tx, h.occupancy, runId);
    for (const d of h.duplicates) insertDuplicate(tx, d, runId);
    for (const r of h.measurements)
      aggregates.add({ hid: r.hid, metric: r.metric, observedAt: r.t, value: r.value });
    const totals = bySource.get(h.sourceId) ?? { rows: 0, occupancy: 0 };
    totals.rows += h.measurements.length;
    totals.occupancy += h.occupancy.length;
    bySource.set(h.sourceId, totals);
  }
  flushAggregates(tx, aggregates);
  return bySource;
}
