/**
 * Every read of the wait-time database, behind functions named for what they return. Routes and
 * domain logic never write SQL; a different driver can sit behind these same functions.
 */
import type { Reader } from "../db/types.js";
import type { Grain } from "./time-buckets.js";

export interface BucketRow {
  bucket: number;
  n: number;
  sum: number;
  min: number;
  max: number;
}

export function readBuckets(
  db: Reader,
  hid: number,
  metric: string,
  grain: Grain,
  from: number,
): BucketRow[] {
  return db.all<BucketRow>(
    "SELECT bucket, n, sum, min, max FROM aggregates WHERE hid = ? AND metric_family = ? AND grain = ? AND bucket >= ? ORDER BY bucket",
    [hid, metric, grain, from],
  );
}

export function readLatest(
  db: Reader,
  hid: number,
  metric: string,
): { observed_at: number; value: number } | undefined {
  return db.get("SELECT observed_at, value FROM latest WHERE hid = ? AND metric_family = ?", [hid, metric]);
}

export function readLatestMany(
  db: Reader,
  hids: number[],
  metric: string,
): Map<number, { observed_at: number; value: number }> {
  if (hids.length === 0) return new Map();
  const rows = db.all<{ hid: number; observed_at: number; value: number }>(
    `SELECT hid, observed_at, value FROM latest WHERE metric_family = ? AND hid IN (${hids.map(() => "?").join(",")})`,
    [metric, ...hids],
  );
  return new Map(rows.map((r) => [r.hid, r]));
}

/** n and sum per hospital over buckets in [from, to). */
export function readPeriodTotals(
  db: Reader,
  hids: number[],
  metric: string,
  grain: Grain,
  from: number,
  to: number,
): Map<number, { n: number; sum: number }> {
  if (hids.length === 0) return new Map();
  const rows = db.all<{ hid: number; n: number; sum: number }>(
    `SELECT hid, SUM(n) AS n, SUM(sum) AS sum FROM aggregates
     WHERE hid IN (${hids.map(() => "?").join(",")}) AND metric_family = ? AND grain = ? AND bucket >= ? AND bucket < ? GROUP BY hid`,
    [...hids, metric, grain, from, to],
  );
  return new Map(rows.map((r) => [r.hid, r]));
}

export interface SeriesPoint {
  observed_at: number;
  value: number;
}

/** One hospital's series from `from` on, time-ordered (two columns: row fetching dominates the cost). */
export function readSeries(db: Reader, hid: number, metric: string, from: number): SeriesPoint[] {
  return db.all<SeriesPoint>(
    "SELECT observed_at, value FROM measurements WHERE hid = ? AND metric_family = ? AND observed_at >= ? ORDER BY observed_at",
    [hid, metric, from],
  );
}

/** Observations that arrived more than `delaySeconds` after they were observed. */
export function countLateArrivals(
  db: Reader,
  hid: number,
  metric: string,
  from: number,
  delaySeconds: number,
): number {
  return (
    db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM measurements WHERE hid = ? AND metric_family = ? AND observed_at >= ? AND received_at - observed_at > ?",
      [hid, metric, from, delaySeconds],
    )?.n ?? 0
  );
}

export function readDuplicates(
  db: Reader,
  hid: number,
  from: number,
): { observed_at: number; value: number; received_at: number }[] {
  return db.all(
    "SELECT observed_at, value, received_at FROM measurement_duplicates WHERE hid = ? AND observed_at >= ? ORDER BY observed_at",
    [hid, from],
  );
}

export interface RunRow {
  id: number;
  source_id: string;
  kind: string;
  started_at: number;
  finished_at: number;
  outcome: string;
  error_category: string | null;
  error_message: string | null;
  rows_accepted: number;
  rows_rejected: number;
  rows_duplicate: number;
  occupancy_rows: number;
  demo: number;
}

export function readRunsSince(db: Reader, sourceId: string, from: number): RunRow[] {
  return db.all<RunRow>(
    "SELECT * FROM ingest_runs WHERE source_id = ? AND started_at >= ? ORDER BY started_at",
    [sourceId, from],
  );
}

export function readLatestRun(db: Reader, sourceId: string): RunRow | undefined {
  return db.get<RunRow>(
    "SELECT * FROM ingest_runs WHERE source_id = ? ORDER BY finished_at DESC, id DESC LIMIT 1",
    [sourceId],
  );
}

export function readLatestOccupancyRun(db: Reader): RunRow | undefined {
  return db.get<RunRow>(
    "SELECT * FROM ingest_runs WHERE source_id = 'quebec-msss' AND occupancy_rows > 0 ORDER BY finished_at DESC, id DESC LIMIT 1",
  );
}

export interface OccupancyRow {
  hid: number;
  observed_at: number;
  occupancy_pct: number;
  stretchers_total: number;
  stretchers_occupied: number;
  patients_waiting: number | null;
}

/**
 * The newest occupancy observation of each given hospital: its time comes from `latest` (kept on
 * ingest), then one exact primary-key lookup; a descending scan per hospital is far slower here.
 */
export function readLatestOccupancy(db: Reader, hids: number[]): OccupancyRow[] {
  const out: OccupancyRow[] = [];
  for (const [hid, l] of readLatestMany(db, hids, "STRETCHER_OCCUPANCY")) {
    const row = db.get<OccupancyRow>(
      `SELECT hid, observed_at, occupancy_pct, stretchers_total, stretchers_occupied, patients_waiting
       FROM occupancy_observations WHERE hid = ? AND observed_at = ?`,
      [hid, l.observed_at],
    );
    if (row) out.push(row);
  }
  return out;
}

export function readMaxOccupancyTime(db: Reader): number | null {
  return db.get<{ t: number | null }>("SELECT MAX(observed_at) AS t FROM occupancy_observations")?.t ?? null;
}

export function readMeta(db: Reader): Record<string, string> {
  return Object.fromEntries(
    db.all<{ key: string; value: string }>("SELECT key, value FROM meta").map((r) => [r.key, r.value]),
  );
}

export function readCounts(db: Reader): {
  measurements: number;
  hospitals: number;
  runs: number;
  occupancy: number;
  duplicates: number;
} {
  const n = (sql: string) => Number(db.get<{ n: number }>(sql)?.n ?? 0);
  return {
    hospitals: n("SELECT COUNT(*) AS n FROM hospitals"),
    measurements: n("SELECT COUNT(*) AS n FROM measurements"),
    occupancy: n("SELECT COUNT(*) AS n FROM occupancy_observations"),
    duplicates: n("SELECT COUNT(*) AS n FROM measurement_duplicates"),
    runs: n("SELECT COUNT(*) AS n FROM ingest_runs"),
  };
}
