/**
 * Statements shared by the PostgreSQL write methods, each inside the caller's transaction. Rows go
 * in multi-row statements (one round trip per few hundred rows, not per row).
 */
import type pg from "pg";
import type { AggregateBatch } from "../aggregates.js";
import { RUN_INSERT_COLUMNS, runValues } from "../registry-rows.js";

import type { MeasurementRecord, OccupancyRecord, RowError, RunRecord } from "../repository.js";

const CHUNK = 500;

/** `($1,$2,$3),($4,$5,$6)…` for `rows` rows of `width` values. */
function placeholders(rows: number, width: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++)
    out.push(`(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(",")})`);
  return out.join(",");
}

/** Runs `sql(values)` for each chunk of rows, `toParams` giving each row's values. */
async function inChunks<T>(
  client: pg.ClientBase,
  rows: readonly T[],
  width: number,
  sql: (values: string) => string,
  toParams: (row: T) => unknown[],
): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    results.push(await client.query(sql(placeholders(chunk.length, width)), chunk.flatMap(toParams)));
  }
  return results;
}

export async function insertRun(client: pg.ClientBase, run: RunRecord): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ingest_runs (${RUN_INSERT_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
    runValues(run),
  );
  return rows[0].id;
}

const seriesKey = (hid: number, metric: string, t: number) => `${hid}|${metric}|${t}`;

/**
 * Inserts observations; returns the keys (`hid|metric|t`) of those stored now. An observation
 * already stored, or repeated earlier in `rows`, is left out (the caller counts it a duplicate).
 */
export async function insertMeasurements(
  client: pg.ClientBase,
  rows: readonly MeasurementRecord[],
  runId: number,
): Promise<Set<string>> {
  const seen = new Set<string>();
  const firsts = rows.filter((r) => {
    const key = seriesKey(r.hid, r.metric, r.t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const results = await inChunks(
    client,
    firsts,
    7,
    (values) =>
      `INSERT INTO measurements (hid, metric_family, observed_at, value, unit, received_at, run_id) VALUES ${values}
       ON CONFLICT DO NOTHING RETURNING hid, metric_family, observed_at`,
    (r) => [r.hid, r.metric, r.t, r.value, r.unit, r.received, runId],
  );
  return new Set(results.flatMap((r) => r.rows.map((s) => seriesKey(s.hid, s.metric_family, s.observed_at))));
}

export { seriesKey };

export async function insertDuplicates(
  client: pg.ClientBase,
  rows: readonly MeasurementRecord[],
  runId: number,
) {
  await inChunks(
    client,
    rows,
    6,
    (values) =>
      `INSERT INTO measurement_duplicates (hid, metric_family, observed_at, value, received_at, run_id) VALUES ${values}`,
    (r) => [r.hid, r.metric, r.t, r.value, r.received, runId],
  );
}

export async function insertOccupancy(
  client: pg.ClientBase,
  rows: readonly OccupancyRecord[],
  runId: number,
) {
  await inChunks(
    client,
    rows,
    7,
    (values) =>
      `INSERT INTO occupancy_observations (hid, observed_at, occupancy_pct, stretchers_total, stretchers_occupied, patients_waiting, run_id)
       VALUES ${values} ON CONFLICT DO NOTHING`,
    (r) => [r.hid, r.t, r.pct, r.total, r.occupied, r.waiting, runId],
  );
}

export async function insertRowErrors(client: pg.ClientBase, runId: number, errors: readonly RowError[]) {
  await inChunks(
    client,
    errors,
    3,
    (values) => `INSERT INTO ingest_row_errors (run_id, line, reason) VALUES ${values}`,
    (e) => [runId, e.line, e.reason],
  );
}

export async function setRunTotals(
  client: pg.ClientBase,
  runId: number,
  accepted: number,
  occupancy: number,
) {
  await client.query("UPDATE ingest_runs SET rows_accepted = $1, occupancy_rows = $2 WHERE id = $3", [
    accepted,
    occupancy,
    runId,
  ]);
}

export async function setMeta(client: pg.ClientBase, key: string, value: string) {
  await client.query(
    "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    [key, value],
  );
}

/** Adds every folded bucket to the stored ones, prunes old hourly buckets, keeps the newest values. */
export async function flushAggregates(client: pg.ClientBase, batch: AggregateBatch) {
  await inChunks(
    client,
    batch.folded(),
    8,
    (values) =>
      `INSERT INTO aggregates AS a (hid, metric_family, grain, bucket, n, sum, min, max) VALUES ${values}
       ON CONFLICT (hid, metric_family, grain, bucket) DO UPDATE SET n = a.n + EXCLUDED.n, sum = a.sum + EXCLUDED.sum,
         min = LEAST(a.min, EXCLUDED.min), max = GREATEST(a.max, EXCLUDED.max)`,
    (a) => [a.hid, a.metric, a.grain, a.bucket, a.n, a.sum, a.min, a.max],
  );
  const latest = batch.newestPerSeries();
  // Hourly buckets past the retention window are pruned for the series this batch touched.
  if (latest.length > 0)
    await client.query(
      `DELETE FROM aggregates a USING unnest($1::int[], $2::text[]) AS s(hid, metric)
       WHERE a.hid = s.hid AND a.metric_family = s.metric AND a.grain = 'h' AND a.bucket < $3`,
      [latest.map((l) => l.hid), latest.map((l) => l.metric), batch.hourlyFloor],
    );
  await inChunks(
    client,
    latest,
    4,
    (values) =>
      `INSERT INTO latest AS l (hid, metric_family, observed_at, value) VALUES ${values}
       ON CONFLICT (hid, metric_family) DO UPDATE SET observed_at = EXCLUDED.observed_at, value = EXCLUDED.value
       WHERE EXCLUDED.observed_at > l.observed_at`,
    (l) => [l.hid, l.metric, l.observedAt, l.value],
  );
}
