/** The change feed, CSV exports, usage counts, metrics figures, offline exports and task claims. */
import type { ChangeType, Significance } from "../../../shared/archive/changes.js";
import type { SnapshotRow } from "./captures.js";

export interface ChangeFilters {
  source?: string;
  /** YYYY-MM-DD, inclusive, days in `tz` (UTC when not given). */
  from?: string;
  to?: string;
  tz?: string;
  type?: ChangeType;
  /** Noise-flagged changes too (ignored when `significance` is given: the levels decide). */
  includeNoise: boolean;
  /** Only changes of these levels. */
  significance?: Significance[];
  /** Only changes of these pages (URL groups), e.g. one page or a search's pages. */
  groups?: string[];
  page: number;
  pageSize: number;
}

export interface ChangeRow {
  id: number;
  change_type: ChangeType;
  url: string;
  title: string | null;
  page_language: string | null;
  source_code: string | null;
  job_id: number;
  captured_at: string;
  added_lines: number;
  removed_lines: number;
  changed_sections: string | null;
  change_ratio: number;
  high_noise: number;
  significance: Significance;
  significance_facts: string | null;
  computed_at: string;
  snapshot_id: number | null;
  previous_snapshot_id: number | null;
}

/** One computed change, as the change computation writes it. */
export interface NewChange {
  job_id: number;
  source_id: number | null;
  snapshot_id: number | null;
  previous_snapshot_id: number | null;
  group: string;
  url: string;
  type: ChangeType;
  summary: string;
  added: number;
  removed: number;
  sections: string | null;
  ratio: number;
  noise: number;
  significance: Significance;
  /** JSON of SignificanceFacts; null when there were no two texts to compare. */
  significanceFacts: string | null;
  captured_at: string;
}

export interface ChangesRepository {
  /** One page of changes, newest first, with the total for the filters. */
  listChanges(f: ChangeFilters): Promise<{ rows: ChangeRow[]; total: number }>;
  /** Indexed jobs whose changes were not computed yet, oldest first. */
  jobsAwaitingChanges(): Promise<{ id: number; source_id: number | null; finished_at: string | null }[]>;
  /** The job's 2xx captures, oldest first. */
  okSnapshotsOfJob(jobId: number): Promise<SnapshotRow[]>;
  /** The source's previous job with captures before `before` (the baseline of a crawl). */
  previousJobOf(sourceId: number | null, jobId: number, before: string): Promise<number | undefined>;
  /** The page's latest 2xx capture by another job before `before`. */
  previousCapture(
    group: string,
    sourceId: number | null,
    jobId: number,
    before: string,
  ): Promise<SnapshotRow | undefined>;
  /** One 2xx capture of each page `previousJobId` had and `jobId` has not. */
  pagesGoneSince(previousJobId: number, jobId: number): Promise<SnapshotRow[]>;
  /** The job's changes and its "computed" mark, in one transaction (a second run adds nothing). */
  recordChanges(jobId: number, changes: readonly NewChange[], now: string): Promise<void>;
}

export type ExportKind = "snapshots" | "changes";

export interface ExportFilters {
  source?: string;
  from?: string;
  to?: string;
  tz?: string;
  language?: string;
  includeNon2xx: boolean;
  includeDuplicates: boolean;
  includeNoise: boolean;
}

export interface ExportsRepository {
  countRows(kind: ExportKind): Promise<number>;
  /** Rows with id above `afterId`, by id, at most `limit`, with only `columns` (source_code from the source). */
  exportRows(
    kind: ExportKind,
    columns: readonly string[],
    f: ExportFilters,
    afterId: number,
    limit: number,
  ): Promise<Record<string, string | number | null>[]>;
}

export type UsageMetric = "searches" | "snapshot_views" | "replays" | "exports";

export interface UsageRepository {
  /** Adds counts to the daily totals, in one transaction. */
  addUsage(counts: readonly { day: string; metric: UsageMetric; count: number }[]): Promise<void>;
  usageBetween(from: string, to: string): Promise<{ day: string; metric: UsageMetric; count: number }[]>;
}

/** Everything the Prometheus gauges show, read together. */
export interface ArchiveFigures {
  jobsByStatus: { status: string; n: number }[];
  jobsByCleanup: { c: string; n: number }[];
  snapshots: number;
  snapshotsBySource: { code: string | null; n: number }[];
  pagesCrawled: number;
  pagesCrawledBySource: { code: string | null; n: number }[];
  pagesFailed: number;
  pagesFailedBySource: { code: string | null; n: number }[];
  running: { code: string | null; state_file_path: string | null; config: string | null }[];
  oldestCompletedAt: string | null;
}

export interface ExportJob {
  id: number;
  name: string;
  output_dir: string;
}

export interface ExportPage {
  id: number;
  url: string;
  capture_timestamp: string;
  title: string | null;
  language: string | null;
}

export interface JobExportHead extends ExportJob {
  status: string;
  code: string | null;
  src: string | null;
  finished_at: string | null;
  base_url: string | null;
}

export interface OpsRepository {
  archiveFigures(): Promise<ArchiveFigures>;
  /** Indexed, not excluded jobs of an edition, by id. */
  exportableJobsOfEdition(editionId: number): Promise<ExportJob[]>;
  jobExportHead(jobId: number): Promise<JobExportHead | undefined>;
  /** 2xx pages of these jobs with id above `afterId`, by id, at most `limit`. */
  exportPages(jobIds: readonly number[], afterId: number, limit: number): Promise<ExportPage[]>;
  recordZimPath(jobIds: readonly number[], file: string, now: string): Promise<void>;
  /**
   * Claims one run of a scheduled task for its schedule slot (e.g. the hour it is due): true for
   * the one process whose claim took effect, false for every other one asking for that slot.
   * The same transaction removes the task's slots older than SLOTS_KEPT_MS (slotsKeptFrom).
   */
  claimScheduledRun(task: string, slot: string): Promise<boolean>;
}

/** Claimed slots kept per task: a task due every 5 minutes would otherwise add 100,000 rows a year. */
export const SLOTS_KEPT_MS = 30 * 24 * 3600_000;

/** The oldest slot still kept once `slot` is claimed, or null when the slot is not a time. */
export function slotsKeptFrom(slot: string): string | null {
  const at = Date.parse(slot);
  return Number.isNaN(at) ? null : new Date(at - SLOTS_KEPT_MS).toISOString();
}
