/**
 * Archive jobs (table `archive_jobs` in archive.sqlite): one crawl of a source, its status, crawl
 * statistics and the paths of its files. The job's files live in `output_dir`
 * (`<DATA_DIR>/archive/jobs/<id>/`): WARCs, the capture log and `.archive_state.json`.
 * Every status change goes through `transitionJob`, which checks spec §3 first and writes nothing
 * when the change is not allowed.
 */
import path from "node:path";
import type { JobConfig } from "../../shared/archive/job-config.js";
import { notFound, validationError } from "../core/errors.js";
import type { Reader, SqlValue, Store, Tx } from "../db/types.js";
import { checkTransition, JOB_STATUSES, type JobStatus, type JobTrigger } from "./job-transitions.js";
import { checkLengths } from "./limits.js";
import { getSourceByCode } from "./sources-store.js";

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

export const jobDirFor = (dataDir: string, id: number) => path.join(dataDir, "archive", "jobs", String(id));

export interface NewJob {
  sourceCode: string;
  name: string;
  config: JobConfig;
  editionId?: number | null;
  shardKey?: string | null;
  shardKind?: string | null;
}

export async function createJob(store: Store, dataDir: string, job: NewJob, now: string): Promise<JobRow> {
  const source = getSourceByCode(store, job.sourceCode);
  if (!source)
    throw validationError(
      `source "${job.sourceCode}" does not exist; create jobs for an existing source code`,
    );
  const id = await store.write((tx) => insertJob(tx, dataDir, source.id, job, now));
  return getJob(store, id)!;
}

/**
 * Inserts a queued job inside the caller's transaction (an edition's shard jobs are created
 * together or not at all) and returns its id. Its folder is `<DATA_DIR>/archive/jobs/<id>/`.
 */
export function insertJob(
  tx: Tx,
  dataDir: string,
  sourceId: number,
  job: Omit<NewJob, "sourceCode">,
  now: string,
) {
  checkLengths("archive_jobs", { name: job.name, shard_key: job.shardKey, shard_kind: job.shardKind });
  if (!job.name.trim()) throw validationError("name must not be empty");
  const { lastInsertRowid } = tx.run(
    `INSERT INTO archive_jobs (source_id, edition_id, name, output_dir, shard_key, shard_kind, acceptance_state, status, queued_at,
       config, cleanup_status, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?, 'pending', 'queued', ?, ?, 'none', ?, ?)`,
    [
      sourceId,
      job.editionId ?? null,
      job.name,
      job.shardKey ?? null,
      job.shardKind ?? null,
      now,
      JSON.stringify(job.config),
      now,
      now,
    ],
  );
  const dir = jobDirFor(dataDir, lastInsertRowid);
  checkLengths("archive_jobs", { output_dir: dir });
  tx.run("UPDATE archive_jobs SET output_dir = ?, state_file_path = ?, combined_log_path = ? WHERE id = ?", [
    dir,
    path.join(dir, ".archive_state.json"),
    path.join(dir, "captures.jsonl"),
    lastInsertRowid,
  ]);
  return lastInsertRowid;
}

export function getJob(db: Reader, id: number): JobRow | undefined {
  return db.get<JobRow>("SELECT * FROM archive_jobs WHERE id = ?", [id]);
}

export function requireJob(db: Reader, id: number): JobRow {
  const job = getJob(db, id);
  if (!job) throw notFound(`archive job ${id} does not exist`);
  return job;
}

export function listJobs(db: Reader, limit = 200): (JobRow & { source_code: string | null })[] {
  return db.all(
    "SELECT j.*, s.code AS source_code FROM archive_jobs j LEFT JOIN sources s ON s.id = j.source_id ORDER BY j.id DESC LIMIT ?",
    [limit],
  );
}

/**
 * The oldest job a worker may run: queued or retryable, and neither excluded by an operator nor
 * replaced by a re-queued attempt (both stay queued in the table, as a record).
 */
export function nextRunnableJob(db: Reader): JobRow | undefined {
  return db.get<JobRow>(
    `SELECT * FROM archive_jobs WHERE status IN ('queued', 'retryable') AND superseded_by IS NULL
       AND (acceptance_state IS NULL OR acceptance_state != 'excluded') ORDER BY queued_at, id LIMIT 1`,
  );
}

export function countJobsByStatus(db: Reader): Record<string, number> {
  const rows = db.all<{ status: string; n: number }>(
    "SELECT status, COUNT(*) AS n FROM archive_jobs GROUP BY status",
  );
  // Every known status is listed (0 when none), plus any other status present.
  const counts: Record<string, number> = Object.fromEntries(JOB_STATUSES.map((st) => [st, 0]));
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export type JobPatch = Partial<Record<keyof JobRow, SqlValue>>;

/**
 * Applies `trigger` to job `id` in one transaction: checks the transition table against the
 * current row, sets the new status, its timestamp and `patch`. Throws Conflict (nothing written)
 * when the transition is not allowed.
 */
export async function transitionJob(
  store: Store,
  id: number,
  trigger: JobTrigger,
  now: string,
  maxRetries: number,
  patch: JobPatch = {},
): Promise<JobRow> {
  checkLengths("archive_jobs", patch);
  await store.write((tx) => {
    const job = tx.get<JobRow>("SELECT * FROM archive_jobs WHERE id = ?", [id]);
    if (!job) throw notFound(`archive job ${id} does not exist`);
    const to = checkTransition(job.status, trigger, job, maxRetries);
    const fields: JobPatch = { ...patch, status: to, updated_at: now };
    if (trigger === "start") fields.started_at = now;
    if (trigger === "start" && job.status === "retryable") fields.finished_at = null;
    if (trigger === "crawl_succeeded" || trigger === "crawl_failed") fields.finished_at = now;
    if (trigger === "retry") {
      fields.retry_count = job.retry_count + 1;
      fields.queued_at = now;
    }
    const keys = Object.keys(fields);
    tx.run(`UPDATE archive_jobs SET ${keys.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`, [
      ...keys.map((k) => fields[k as keyof JobRow] ?? null),
      id,
    ]);
  });
  return getJob(store, id)!;
}

/** Updates progress fields without changing status (crawl statistics while running). */
export async function updateJobProgress(
  store: Store,
  id: number,
  patch: JobPatch,
  now: string,
): Promise<void> {
  checkLengths("archive_jobs", patch);
  const keys = Object.keys(patch);
  await store.write((tx) =>
    tx.run(`UPDATE archive_jobs SET ${keys.map((k) => `${k} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, [
      ...keys.map((k) => patch[k as keyof JobRow] ?? null),
      now,
      id,
    ]),
  );
}
