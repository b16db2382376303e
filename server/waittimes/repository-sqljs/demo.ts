/** The demo feed's writes on sql.js. */
import type { Tx } from "../../db/types.js";
import { foldDemoPart } from "../aggregates.js";
import type { DemoPart } from "../repository.js";
import { flushAggregates, insertDuplicate, insertMeasurements, insertOccupancy } from "./rows.js";

/** Every given observation is folded into the aggregates, as the demo history counts them all. */
export function addDemoMeasurements(
  tx: Tx,
  part: DemoPart,
): Map<string, { rows: number; occupancy: number }> {
  for (const h of part.hospitals) {
    const runId = part.runId(h.sourceId);
    insertMeasurements(tx, h.measurements, runId);
    insertOccupancy(tx, h.occupancy, runId);
    for (const d of h.duplicates) insertDuplicate(tx, d, runId);
  }
  const { aggregates, bySource } = foldDemoPart(part);
  flushAggregates(tx, aggregates);
  return bySource;
}
