/**
 * Archive jobs: one crawl of a source, its status, statistics and where its files are. Paths
 * (`output_dir`, `state_file_path`…) cross this interface absolute; a backend stores them
 * relative to the WARC root when they are under it (see `warc-paths.ts`).
 */
import type { JobConfig } from "../../../shared/archive/job-config.js";
import type { JobStatus, JobTrigger } from "../jobs/job-transitions.js";

export interface JobRow {
  id: number;
  source_id: number | null;
  edition_id: number | null;
  name: string;
  output_dir: string;
  shard_key: string | null;
  shard_kind: string | null;
  acceptance_state: string | null;
  status: JobStatus;
  /** The worker that took the job last (`claimNextJob`), or null. */
  claimed_by?: string | null;
  queued_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  retry_count: number;
  config: string | null;
  crawler_exit_code: number | null;
  crawler_status: string | null;
  crawler_stage: string | null;
  last_stats_json: string | null;
  pages_crawled: number | null;
  pages_total: number | null;
  pages_failed: number | null;
  warc_file_count: number;
  indexed_page_count: number;
  state_file_path: string | null;
  combined_log_path: string | null;
  cleanup_status: string;
  cleaned_at: string | null;
  coverage_report_path: string | null;
  acceptance_reason: string | null;
  superseded_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface NewJob {
  sourceCode: string;
  name: string;
  config: JobConfig;
  editionId?: number | null;
  shardKey?: string | null;
  shardKind?: string | null;
}

/**
 * Whose crawl a running job is: its `claimed_by` and `started_at` as the crawl took it. A retried
 * job started again has another `started_at` (and usually another worker), so a crawl that lost its
 * job to a later one can tell.
 */
export interface JobClaim {
  claimed_by: string | null;
  started_at: string | null;
}

/** Columns a transition or a progress update may set (plain values only). */
export type JobPatch = Partial<Record<keyof JobRow, string | number | null>>;

/** An indexed job's page count with its source and shard, newest first (baseline drift). */
export interface IndexedJobCount {
  code: string;
  shard_key: string | null;
  n: number;
}

export interface JobsRepository {
  /** Creates a queued job of an existing source (ValidationError otherwise), its folder under the WARC root. */
  createJob(job: NewJob, now: string): Promise<JobRow>;
  getJob(id: number): Promise<JobRow | undefined>;
  /** Newest first, with the source's code. */
  listJobs(limit?: number): Promise<(JobRow & { source_code: string | null })[]>;
  /** Jobs in one status, oldest first. */
  jobsWithStatus(status: JobStatus): Promise<JobRow[]>;
  /** Every known status with its count (0 when none), plus any other status present. */
  countJobsByStatus(): Promise<Record<string, number>>;
  /**
   * Takes the oldest runnable job (queued or retryable, not superseded, not excluded) and starts
   * it, atomically: of several workers, in one process or many, each job goes to exactly one.
   * Returns the started job, or undefined when none is waiting.
   */
  claimNextJob(workerId: string, now: string): Promise<JobRow | undefined>;
  /**
   * Applies `trigger` to the job in one transaction after checking the transition table against
   * the current row; Conflict (nothing written) when not allowed, NotFound when there is no job.
   * With `claim`, also Conflict unless the job is still running under that claim (a crawl's fence).
   */
  transitionJob(
    id: number,
    trigger: JobTrigger,
    now: string,
    maxRetries: number,
    patch?: JobPatch,
    claim?: JobClaim,
  ): Promise<JobRow>;
  /** Progress fields without a status change; with `claim`, Conflict unless still running under it. */
  updateJobProgress(id: number, patch: JobPatch, now: string, claim?: JobClaim): Promise<void>;
  /** Marks an indexed job's temporary files as cleaned. */
  markJobCleaned(id: number, now: string): Promise<void>;
  /** Jobs of a source with one of these names, oldest first. */
  jobsOfSourceNamed(sourceCode: string, names: readonly string[]): Promise<JobRow[]>;
  indexedJobCounts(): Promise<IndexedJobCount[]>;
}
