/**
 * Everything the wait-time observatory reads or writes, as one asynchronous interface. Routes,
 * tasks, the CLI and the domain code call only this; the SQL lives in a backend
 * (`repository-sqljs/` today). Each write method is one transaction: it either happens whole,
 * acknowledged once durable, or not at all.
 */

import type { Methodology } from "../../shared/waittimes/schemas.js";
import type { TaskSlotsRepository } from "../core/task-slots.js";
import type { ReferenceHospital, ReferenceSource } from "./registry.js";
import type { Grain } from "./time-buckets.js";

/** A source as stored: the same fields as the shipped reference. */
export type SourceRecord = ReferenceSource;

/** Methodology fields of a hospital: null where it inherits its source's. */
export type MethodologyOverride = { [K in keyof Methodology]: Methodology[K] | null };

/**
 * A hospital as stored. `override` is the methodology it had from its first reading on (the
 * hospital row's columns, set before changes were dated); later changes are `MethodologyChange`s.
 */
export interface StoredHospital extends ReferenceHospital {
  hid: number;
  override: MethodologyOverride;
}

/**
 * A dated methodology change of one hospital: from `effective_from` (epoch seconds) on, its fields
 * are `override` (null: the source's). Changes are only ever added, never edited, so the history
 * of how a hospital measured its waits is kept; `entered_at` and `entered_by` say who recorded it.
 */
export interface MethodologyChange {
  hid: number;
  effective_from: number;
  override: MethodologyOverride;
  entered_at: number;
  entered_by: string;
}

export interface BucketRow {
  bucket: number;
  n: number;
  sum: number;
  min: number;
  max: number;
}

export interface SeriesPoint {
  observed_at: number;
  value: number;
}

export interface DuplicateDelivery extends SeriesPoint {
  received_at: number;
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

/** A feed row refused by validation, with the run that refused it. */
export interface RefusedRow {
  run_id: number;
  source_id: string;
  kind: string;
  finished_at: number;
  file_name: string | null;
  line: number;
  reason: string;
}

export interface OccupancyRow {
  hid: number;
  observed_at: number;
  occupancy_pct: number;
  stretchers_total: number;
  stretchers_occupied: number;
  patients_waiting: number | null;
}

export interface ModuleCounts {
  measurements: number;
  hospitals: number;
  runs: number;
  occupancy: number;
  duplicates: number;
}

/** A run to record (times in epoch seconds). */
export interface RunRecord {
  sourceId: string;
  kind: string;
  fileName?: string | null;
  sha?: string | null;
  startedAt: number;
  finishedAt: number;
  outcome: string;
  errorCategory?: string | null;
  message?: string | null;
  demo?: boolean;
}

/** One observation to store (times in epoch seconds). */
export interface MeasurementRecord {
  hid: number;
  metric: string;
  t: number;
  value: number;
  unit: string;
  received: number;
}

export interface OccupancyRecord {
  hid: number;
  t: number;
  pct: number;
  total: number;
  occupied: number;
  waiting: number | null;
}

export interface RowError {
  line: number;
  reason: string;
}

export type RunKind = "import" | "poll";
export type RunOutcome = "success" | "partial" | "rejected" | "failed" | "already_imported" | "unchanged";

export interface IngestReport {
  runId: number;
  sourceId: string;
  outcome: RunOutcome;
  accepted: number;
  rejected: number;
  duplicates: number;
  /**
   * Observations the feed gave twice with different values (the same hospital, figure and time):
   * every row of each is refused with a reason, neither value kept. Counted once per contradiction.
   */
  conflicts: number;
  occupancyRows: number;
  errors: RowError[];
  errorCategory: string | null;
  message: string | null;
}

/** A parsed feed resolved to hospitals, ready to store (see ingest.ts). */
export interface IngestBatch {
  sourceId: string;
  kind: RunKind;
  fileName?: string;
  sha: string;
  now: number;
  strict: boolean;
  /** Observations of known hospitals; `line` is the feed line they came from. */
  observations: { line: number; measurement: MeasurementRecord; occupancy: OccupancyRecord | null }[];
  /** Refused rows, sorted by line; a line may appear twice (Quebec rows yield two observations). */
  errors: RowError[];
}

/** Demo observations for some hospitals, all under already recorded runs. */
export interface DemoPart {
  now: number;
  runId: (sourceId: string) => number;
  hospitals: {
    sourceId: string;
    measurements: MeasurementRecord[];
    duplicates: MeasurementRecord[];
    occupancy: OccupancyRecord[];
  }[];
}

export interface WaittimesRepository extends TaskSlotsRepository {
  /**
   * Changes whenever the module's data changes, whoever wrote it: computed views are cached under
   * it, so a write is visible in the next answer.
   */
  dataVersion(): Promise<number>;

  listSources(): Promise<SourceRecord[]>;
  listHospitals(): Promise<StoredHospital[]>;
  /** Every hospital's dated methodology changes, by hospital, then in force order (effective_from, then entry). */
  listMethodologyChanges(): Promise<MethodologyChange[]>;
  /** Records one methodology change (added to the history, which is never rewritten). */
  addMethodologyChange(change: MethodologyChange): Promise<void>;

  /** Aggregate buckets of one series from `from` on, oldest first. */
  trendPoints(hid: number, metric: string, grain: Grain, from: number): Promise<BucketRow[]>;
  latestValue(hid: number, metric: string): Promise<SeriesPoint | undefined>;
  latestValues(hids: number[], metric: string): Promise<Map<number, SeriesPoint>>;
  /** n and sum per hospital over buckets in [from, to). */
  periodTotals(
    hids: number[],
    metric: string,
    grain: Grain,
    from: number,
    to: number,
  ): Promise<Map<number, { n: number; sum: number }>>;
  /** One hospital's raw series from `from` on, oldest first. */
  seriesSince(hid: number, metric: string, from: number): Promise<SeriesPoint[]>;
  /** Observations that arrived more than `delaySeconds` after they were observed. */
  countLateArrivals(hid: number, metric: string, from: number, delaySeconds: number): Promise<number>;
  duplicatesSince(hid: number, from: number): Promise<DuplicateDelivery[]>;
  runsSince(sourceId: string, from: number): Promise<RunRow[]>;
  latestRun(sourceId: string): Promise<RunRow | undefined>;
  /** Rows refused by runs started at or after `from` (one source, or all), newest run first. */
  refusedRowsSince(from: number, sourceId: string | null, limit: number): Promise<RefusedRow[]>;
  /** The newest Quebec run that delivered occupancy rows. */
  latestOccupancyRun(): Promise<RunRow | undefined>;
  /** The newest occupancy observation of each given hospital. */
  latestOccupancy(hids: number[]): Promise<OccupancyRow[]>;
  meta(): Promise<Record<string, string>>;
  counts(): Promise<ModuleCounts>;
  /** true once any run or meta entry exists (demo or real data). */
  holdsData(): Promise<boolean>;

  /** Records one run that brought no data (network failure, unreadable file); returns its id. */
  recordRun(run: RunRecord): Promise<number>;
  /**
   * Stores a feed: refuses a file already imported, a poll identical to the last one, or (strict)
   * any file with a bad row, else stores new observations (known ones become duplicates), keeps
   * aggregates and latest values in step and records the run with its refused rows.
   */
  storeIngest(batch: IngestBatch): Promise<IngestReport>;
  /** Records runs in one transaction; returns their ids in order. */
  recordRuns(runs: RunRecord[]): Promise<number[]>;
  /** Stores demo observations (aggregates kept in step). */
  addDemoMeasurements(part: DemoPart): Promise<void>;
  /** Sets rows counts of runs, records more runs and sets meta entries, together. */
  finishDemoHistory(end: {
    runs: RunRecord[];
    totals: { runId: number; accepted: number; occupancy: number }[];
    meta: [string, string][];
  }): Promise<void>;
  /**
   * Extends the demo feed: one run per source, its observations, the runs' counts and
   * `demo_generated_at`, in one transaction.
   */
  extendDemoFeed(ext: { now: number; runs: RunRecord[]; hospitals: DemoPart["hospitals"] }): Promise<void>;
}
