/** The wait-time reads on sql.js (moved from queries.ts and hospital-registry.ts). */
import type { Reader } from "../../db/types.js";
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
  WaittimesRepository,
} from "../repository.js";
import type { Grain } from "../time-buckets.js";

/** The read methods of the interface: the same for every backend. */
export type Reads = Omit<
  WaittimesRepository,
  | "dataVersion"
  | "addMethodologyChange"
  | "recordRun"
  | "storeIngest"
  | "recordRuns"
  | "addDemoMeasurements"
  | "finishDemoHistory"
  | "extendDemoFeed"
  | "claimTaskSlot"
>;

const marks = (n: number) => Array(n).fill("?").join(",");

function latestValues(db: Reader, hids: number[], metric: string): Map<number, SeriesPoint> {
  if (hids.length === 0) return new Map();
  const rows = db.all<{ hid: number; observed_at: number; value: number }>(
    `SELECT hid, observed_at, value FROM latest WHERE metric_family = ? AND hid IN (${marks(hids.length)})`,
    [metric, ...hids],
  );
  return new Map(rows.map((r) => [r.hid, r]));
}

function listSources(db: Reader): SourceRecord[] {
  return db.all<Record<string, never>>("SELECT * FROM sources ORDER BY id").map(sourceFromRow);
}

function listHospitals(db: Reader): StoredHospital[] {
  return db.all<Record<string, never>>("SELECT * FROM hospitals").map(hospitalFromRow);
}

function latestOccupancy(db: Reader, hids: number[]): OccupancyRow[] {
  // The time comes from `latest` (kept on ingest), then one exact primary-key lookup: a
  // descending scan per hospital is far slower here.
  const out: OccupancyRow[] = [];
  for (const [hid, l] of latestValues(db, hids, "STRETCHER_OCCUPANCY")) {
    const row = db.get<OccupancyRow>(
      `SELECT hid, observed_at, occupancy_pct, stretchers_total, stretchers_occupied, patients_waiting
       FROM occupancy_observations WHERE hid = ? AND observed_at = ?`,
      [hid, l.observed_at],
    );
    if (row) out.push(row);
  }
  return out;
}

function counts(db: Reader): ModuleCounts {
  const n = (sql: string) => Number(db.get<{ n: number }>(sql)?.n ?? 0);
  return {
    hospitals: n("SELECT COUNT(*) AS n FROM hospitals"),
    measurements: n("SELECT COUNT(*) AS n FROM measurements"),
    occupancy: n("SELECT COUNT(*) AS n FROM occupancy_observations"),
    duplicates: n("SELECT COUNT(*) AS n FROM measurement_duplicates"),
    runs: n("SELECT COUNT(*) AS n FROM ingest_runs"),
  };
}

/** Reads answer from memory at once; they are promises so that a networked backend fits the same calls. */
export function sqljsReads(db: Reader): Reads {
  return {
    listSources: async () => listSources(db),
    listHospitals: async () => listHospitals(db),
    listMethodologyChanges: async () =>
      db
        .all<Record<string, never>>("SELECT * FROM methodology_changes ORDER BY hid, effective_from, id")
        .map(methodologyChangeFromRow),
    trendPoints: async (hid: number, metric: string, grain: Grain, from: number) =>
      db.all<BucketRow>(
        "SELECT bucket, n, sum, min, max FROM aggregates WHERE hid = ? AND metric_family = ? AND grain = ? AND bucket >= ? ORDER BY bucket",
        [hid, metric, grain, from],
      ),
    latestValue: async (hid: number, metric: string) =>
      db.get<SeriesPoint>("SELECT observed_at, value FROM latest WHERE hid = ? AND metric_family = ?", [
        hid,
        metric,
      ]),
    latestValues: async (hids: number[], metric: string) => latestValues(db, hids, metric),
    async periodTotals(hids: number[], metric: string, grain: Grain, from: number, to: number) {
      if (hids.length === 0) return new Map();
      const rows = db.all<{ hid: number; n: number; sum: number }>(
        `SELECT hid, SUM(n) AS n, SUM(sum) AS sum FROM aggregates
         WHERE hid IN (${marks(hids.length)}) AND metric_family = ? AND grain = ? AND bucket >= ? AND bucket < ? GROUP BY hid`,
        [...hids, metric, grain, from, to],
      );
      return new Map(rows.map((r) => [r.hid, r]));
    },
    // Two columns only: fetching rows dominates the cost of this read.
    seriesSince: async (hid: number, metric: string, from: number) =>
      db.all<SeriesPoint>(
        "SELECT observed_at, value FROM measurements WHERE hid = ? AND metric_family = ? AND observed_at >= ? ORDER BY observed_at",
        [hid, metric, from],
      ),
    countLateArrivals: async (hid: number, metric: string, from: number, delaySeconds: number) =>
      db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM measurements WHERE hid = ? AND metric_family = ? AND observed_at >= ? AND received_at - observed_at > ?",
        [hid, metric, from, delaySeconds],
      )?.n ?? 0,
    duplicatesSince: async (hid: number, from: number) =>
      db.all<DuplicateDelivery>(
        "SELECT observed_at, value, received_at FROM measurement_duplicates WHERE hid = ? AND observed_at >= ? ORDER BY observed_at, received_at, value",
        [hid, from],
      ),
    runsSince: async (sourceId: string, from: number) =>
      db.all<RunRow>(
        "SELECT * FROM ingest_runs WHERE source_id = ? AND started_at >= ? ORDER BY started_at",
        [sourceId, from],
      ),
    refusedRowsSince: async (from: number, sourceId: string | null, limit: number) =>
      db.all<RefusedRow>(
        `SELECT r.id AS run_id, r.source_id, r.kind, r.finished_at, r.file_name, e.line, e.reason
         FROM ingest_row_errors e JOIN ingest_runs r ON r.id = e.run_id
         WHERE r.started_at >= ? AND (? IS NULL OR r.source_id = ?)
         ORDER BY r.id DESC, e.line LIMIT ?`,
        [from, sourceId, sourceId, limit],
      ),
    latestRun: async (sourceId: string) =>
      db.get<RunRow>(
        "SELECT * FROM ingest_runs WHERE source_id = ? ORDER BY finished_at DESC, id DESC LIMIT 1",
        [sourceId],
      ),
    latestOccupancyRun: async () =>
      db.get<RunRow>(
        "SELECT * FROM ingest_runs WHERE source_id = 'quebec-msss' AND occupancy_rows > 0 ORDER BY finished_at DESC, id DESC LIMIT 1",
      ),
    latestOccupancy: async (hids: number[]) => latestOccupancy(db, hids),
    meta: async () =>
      Object.fromEntries(
        db.all<{ key: string; value: string }>("SELECT key, value FROM meta").map((r) => [r.key, r.value]),
      ),
    counts: async () => counts(db),
    holdsData: async () =>
      db.get<{ n: number }>("SELECT (SELECT COUNT(*) FROM ingest_runs) + (SELECT COUNT(*) FROM meta) AS n")!
        .n > 0,
  };
}
