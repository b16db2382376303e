/** The wait-time reads on PostgreSQL: the same questions as ../repository-sqljs/reads.ts. */
import type pg from "pg";
import { hospitalFromRow, methodologyChangeFromRow, sourceFromRow } from "../registry-rows.js";
import type {
  BucketRow,
  DuplicateDelivery,
  ModuleCounts,
  OccupancyRow,
  RefusedRow,
  RunRow,
  SeriesPoint,
  SourceRecord,
  StoredHospital,
} from "../repository.js";
import type { Reads } from "../repository-sqljs/reads.js";
import type { Grain } from "../time-buckets.js";

type Row = Record<string, never>;

export function pgReads(pool: pg.Pool): Reads {
  const all = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[];
  const one = async <T>(sql: string, params: unknown[] = []) => (await all<T>(sql, params))[0];
  const latestValues = async (hids: number[], metric: string) => {
    if (hids.length === 0) return new Map<number, SeriesPoint>();
    const rows = await all<{ hid: number; observed_at: number; value: number }>(
      "SELECT hid, observed_at, value FROM latest WHERE metric_family = $1 AND hid = ANY($2::int[])",
      [metric, hids],
    );
    return new Map(rows.map((r) => [r.hid, r]));
  };
  return {
    listSources: async (): Promise<SourceRecord[]> =>
      (await all<Row>("SELECT * FROM sources ORDER BY id")).map(sourceFromRow),
    listHospitals: async (): Promise<StoredHospital[]> =>
      (await all<Row>("SELECT * FROM hospitals ORDER BY hid")).map(hospitalFromRow),
    listMethodologyChanges: async () =>
      (await all<Row>("SELECT * FROM methodology_changes ORDER BY hid, effective_from, id")).map(
        methodologyChangeFromRow,
      ),
    trendPoints: (hid: number, metric: string, grain: Grain, from: number) =>
      all<BucketRow>(
        "SELECT bucket, n, sum, min, max FROM aggregates WHERE hid = $1 AND metric_family = $2 AND grain = $3 AND bucket >= $4 ORDER BY bucket",
        [hid, metric, grain, from],
      ),
    latestValue: (hid: number, metric: string) =>
      one<SeriesPoint>("SELECT observed_at, value FROM latest WHERE hid = $1 AND metric_family = $2", [
        hid,
        metric,
      ]),
    latestValues,
    async periodTotals(hids: number[], metric: string, grain: Grain, from: number, to: number) {
      if (hids.length === 0) return new Map();
      const rows = await all<{ hid: number; n: number; sum: number }>(
        `SELECT hid, SUM(n) AS n, SUM(sum) AS sum FROM aggregates
         WHERE hid = ANY($1::int[]) AND metric_family = $2 AND grain = $3 AND bucket >= $4 AND bucket < $5 GROUP BY hid`,
        [hids, metric, grain, from, to],
      );
      return new Map(rows.map((r) => [r.hid, r]));
    },
    seriesSince: (hid: number, metric: string, from: number) =>
      all<SeriesPoint>(
        "SELECT observed_at, value FROM measurements WHERE hid = $1 AND metric_family = $2 AND observed_at >= $3 ORDER BY observed_at",
        [hid, metric, from],
      ),
    countLateArrivals: async (hid: number, metric: string, from: number, delaySeconds: number) =>
      (
        await one<{ n: number }>(
          "SELECT COUNT(*) AS n FROM measurements WHERE hid = $1 AND metric_family = $2 AND observed_at >= $3 AND received_at - observed_at > $4",
          [hid, metric, from, delaySeconds],
        )
      ).n,
    duplicatesSince: (hid: number, from: number) =>
      all<DuplicateDelivery>(
        "SELECT observed_at, value, received_at FROM measurement_duplicates WHERE hid = $1 AND observed_at >= $2 ORDER BY observed_at, received_at, value",
        [hid, from],
      ),
    runsSince: (sourceId: string, from: number) =>
      all<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM ingest_runs WHERE source_id = $1 AND started_at >= $2 ORDER BY started_at, id`,
        [sourceId, from],
      ),
    refusedRowsSince: (from: number, sourceId: string | null, limit: number) =>
      all<RefusedRow>(
        `SELECT r.id AS run_id, r.source_id, r.kind, r.finished_at, r.file_name, e.line, e.reason
         FROM ingest_row_errors e JOIN ingest_runs r ON r.id = e.run_id
         WHERE r.started_at >= $1 AND ($2::text IS NULL OR r.source_id = $2)
         ORDER BY r.id DESC, e.line LIMIT $3`,
        [from, sourceId, limit],
      ),
    latestRun: (sourceId: string) =>
      one<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM ingest_runs WHERE source_id = $1 ORDER BY finished_at DESC, id DESC LIMIT 1`,
        [sourceId],
      ),
    latestOccupancyRun: () =>
      one<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM ingest_runs WHERE source_id = 'quebec-msss' AND occupancy_rows > 0 ORDER BY finished_at DESC, id DESC LIMIT 1`,
      ),
    async latestOccupancy(hids: number[]): Promise<OccupancyRow[]> {
      if (hids.length === 0) return [];
      // The newest observation per hospital, through `latest` as on sql.js (one key lookup each).
      return all<OccupancyRow>(
        `SELECT o.hid, o.observed_at, o.occupancy_pct, o.stretchers_total, o.stretchers_occupied, o.patients_waiting
         FROM latest l JOIN occupancy_observations o ON o.hid = l.hid AND o.observed_at = l.observed_at
         WHERE l.metric_family = 'STRETCHER_OCCUPANCY' AND l.hid = ANY($1::int[]) ORDER BY o.hid`,
        [hids],
      );
    },
    meta: async () =>
      Object.fromEntries(
        (await all<{ key: string; value: string }>("SELECT key, value FROM meta")).map((r) => [
          r.key,
          r.value,
        ]),
      ),
    async counts(): Promise<ModuleCounts> {
      return one<ModuleCounts>(
        `SELECT (SELECT COUNT(*) FROM hospitals) AS hospitals, (SELECT COUNT(*) FROM measurements) AS measurements,
           (SELECT COUNT(*) FROM occupancy_observations) AS occupancy,
           (SELECT COUNT(*) FROM measurement_duplicates) AS duplicates, (SELECT COUNT(*) FROM ingest_runs) AS runs`,
      );
    },
    holdsData: async () =>
      (
        await one<{ n: number }>(
          "SELECT (SELECT COUNT(*) FROM ingest_runs) + (SELECT COUNT(*) FROM meta) AS n",
        )
      ).n > 0,
  };
}

/** Every column of a run, in the order sql.js's `SELECT *` gives them. */
export const RUN_COLUMNS =
  "id, source_id, kind, file_name, file_sha256, started_at, finished_at, outcome, error_category, error_message, rows_accepted, rows_rejected, rows_duplicate, occupancy_rows, demo";
