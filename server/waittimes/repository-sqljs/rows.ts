/** Statements shared by the sql.js write methods; each runs inside the caller's transaction. */
import type { Tx } from "../../db/types.js";
import type { AggregateBatch } from "../aggregates.js";
import { RUN_INSERT_COLUMNS, runValues } from "../registry-rows.js";

import type { MeasurementRecord, OccupancyRecord, RowError, RunRecord } from "../repository.js";

export function insertRun(tx: Tx, run: RunRecord): number {
  return tx.run(
    `INSERT INTO ingest_runs (${RUN_INSERT_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)`,
    runValues(run),
  ).lastInsertRowid;
}

const CHUNK = 400;
const placeholders = (n: number) => Array(n).fill("(?,?,?,?,?,?,?)").join(",");
const FULL_CHUNK_VALUES = placeholders(CHUNK);

/** Inserts in multi-row statements; an observation already stored is left as it is. */
export function insertMeasurements(tx: Tx, rows: MeasurementRecord[], runId: number) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const end = Math.min(i + CHUNK, rows.length);
    const params: (string | number)[] = new Array((end - i) * 7);
    let k = 0;
    for (let j = i; j < end; j++) {
      const r = rows[j];
      params[k++] = r.hid;
      params[k++] = r.metric;
      params[k++] = r.t;
      params[k++] = r.value;
      params[k++] = r.unit;
      params[k++] = r.received;
      params[k++] = runId;
    }
    const values = end - i === CHUNK ? FULL_CHUNK_VALUES : placeholders(end - i);
    tx.run(
      `INSERT OR IGNORE INTO measurements (hid, metric_family, observed_at, value, unit, received_at, run_id) VALUES ${values}`,
      params,
    );
  }
}

/** One observation; false when it was already stored. */
export function insertMeasurement(tx: Tx, r: MeasurementRecord, runId: number): boolean {
  return (
    tx.run(
      "INSERT OR IGNORE INTO measurements (hid, metric_family, observed_at, value, unit, received_at, run_id) VALUES (?,?,?,?,?,?,?)",
      [r.hid, r.metric, r.t, r.value, r.unit, r.received, runId],
    ).changes > 0
  );
}

export function insertDuplicate(tx: Tx, r: MeasurementRecord, runId: number) {
  tx.run(
    "INSERT INTO measurement_duplicates (hid, metric_family, observed_at, value, received_at, run_id) VALUES (?,?,?,?,?,?)",
    [r.hid, r.metric, r.t, r.value, r.received, runId],
  );
}

export function insertOccupancy(tx: Tx, rows: OccupancyRecord[], runId: number) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    tx.run(
      `INSERT OR IGNORE INTO occupancy_observations (hid, observed_at, occupancy_pct, stretchers_total, stretchers_occupied, patients_waiting, run_id) VALUES ${chunk.map(() => "(?,?,?,?,?,?,?)").join(",")}`,
      chunk.flatMap((r) => [r.hid, r.t, r.pct, r.total, r.occupied, r.waiting, runId]),
    );
  }
}

export function insertRowErrors(tx: Tx, runId: number, errors: RowError[]) {
  for (const e of errors)
    tx.run("INSERT INTO ingest_row_errors (run_id, line, reason) VALUES (?,?,?)", [runId, e.line, e.reason]);
}

export function setRunTotals(tx: Tx, runId: number, accepted: number, occupancy: number) {
  tx.run("UPDATE ingest_runs SET rows_accepted = ?, occupancy_rows = ? WHERE id = ?", [
    accepted,
    occupancy,
    runId,
  ]);
}

export function setMeta(tx: Tx, key: string, value: string) {
  tx.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [key, value]);
}

/** Adds every folded bucket to the stored ones, prunes old hourly buckets, keeps the newest values. */
export function flushAggregates(tx: Tx, batch: AggregateBatch) {
  const accs = batch.folded();
  for (let i = 0; i < accs.length; i += 300) {
    const chunk = accs.slice(i, i + 300);
    tx.run(
      `INSERT INTO aggregates (hid, metric_family, grain, bucket, n, sum, min, max) VALUES ${chunk.map(() => "(?,?,?,?,?,?,?,?)").join(",")}
       ON CONFLICT (hid, metric_family, grain, bucket) DO UPDATE SET n = n + excluded.n, sum = sum + excluded.sum,
         min = MIN(min, excluded.min), max = MAX(max, excluded.max)`,
      chunk.flatMap((a) => [a.hid, a.metric, a.grain, a.bucket, a.n, a.sum, a.min, a.max]),
    );
  }
  const latest = batch.newestPerSeries();
  // Hourly buckets past the retention window are pruned for the series this batch touched.
  for (const l of latest) {
    tx.run("DELETE FROM aggregates WHERE hid = ? AND metric_family = ? AND grain = 'h' AND bucket < ?", [
      l.hid,
      l.metric,
      batch.hourlyFloor,
    ]);
  }
  for (let i = 0; i < latest.length; i += 300) {
    const chunk = latest.slice(i, i + 300);
    tx.run(
      `INSERT INTO latest (hid, metric_family, observed_at, value) VALUES ${chunk.map(() => "(?,?,?,?)").join(",")}
       ON CONFLICT (hid, metric_family) DO UPDATE SET observed_at = excluded.observed_at, value = excluded.value
       WHERE excluded.observed_at > latest.observed_at`,
      chunk.flatMap((l) => [l.hid, l.metric, l.observedAt, l.value]),
    );
  }
}
