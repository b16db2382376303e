/** Archive jobs on sql.js: every status change checks the transition table inside its transaction. */
import path from "node:path";
import { conflict, notFound, validationError } from "../../core/errors.js";
import type { Reader, Tx } from "../../db/types.js";
import { CAPTURE_LOG, STATE_FILE } from "../jobs/job-files.js";
import { checkTransition, JOB_STATUSES, type JobStatus, type JobTrigger } from "../jobs/job-transitions.js";
import { jobDirUnder, storedPath } from "../jobs/warc-paths.js";
import { checkLengths } from "../limits.js";
import { JOB_INSERT, jobValues } from "../repository/shared-rows.js";
import type { JobClaim, JobPatch, JobRow, NewJob } from "../repository.js";

/**
 * Inserts a queued job inside the caller's transaction and returns its id; its folder is
 * `jobs/<id>/` under the WARC root, stored relative to it.
 */
export function insertJob(
  tx: Tx,
  warcRoot: string,
  sourceId: number,
  job: Omit<NewJob, "sourceCode">,
  now: string,
) {
  checkLengths("archive_jobs", { name: job.name, shard_key: job.shardKey, shard_kind: job.shardKind });
  if (!job.name.trim()) throw validationError("name must not be empty");
  const { lastInsertRowid: id } = tx.run(JOB_INSERT, jobValues(sourceId, job, now));
  const dir = jobDirUnder(warcRoot, id);
  checkLengths("archive_jobs", { output_dir: dir });
  tx.run("UPDATE archive_jobs SET output_dir = ?, state_file_path = ?, combined_log_path = ? WHERE id = ?", [
    storedPath(warcRoot, dir),
    storedPath(warcRoot, path.join(dir, STATE_FILE)),
    storedPath(warcRoot, path.join(dir, CAPTURE_LOG)),
    id,
  ]);
  return id;
}

export function createJob(tx: Tx, warcRoot: string, job: NewJob, now: string): number {
  const source = tx.get<{ id: number }>("SELECT id FROM sources WHERE code = ?", [job.sourceCode]);
  if (!source)
    throw validationError(
      `source "${job.sourceCode}" does not exist; create jobs for an existing source code`,
    );
  return insertJob(tx, warcRoot, source.id, job, now);
}

export const getJobRow = (db: Reader, id: number) =>
  db.get<JobRow>("SELECT * FROM archive_jobs WHERE id = ?", [id]);

export function listJobs(db: Reader, limit: number): (JobRow & { source_code: string | null })[] {
  return db.all(
    "SELECT j.*, s.code AS source_code FROM archive_jobs j LEFT JOIN sources s ON s.id = j.source_id ORDER BY j.id DESC LIMIT ?",
    [limit],
  );
}

export const jobsWithStatus = (db: Reader, status: JobStatus) =>
  db.all<JobRow>("SELECT * FROM archive_jobs WHERE status = ? ORDER BY id", [status]);

export function countJobsByStatus(db: Reader): Record<string, number> {
  const rows = db.all<{ status: string; n: number }>(
    "SELECT status, COUNT(*) AS n FROM archive_jobs GROUP BY status",
  );
  const counts: Record<string, number> = Object.fromEntries(JOB_STATUSES.map((st) => [st, 0]));
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** The oldest runnable job: queued or retryable, neither excluded nor replaced by a re-queue. */
const nextRunnable = (db: Reader) =>
  db.get<JobRow>(
    `SELECT * FROM archive_jobs WHERE status IN ('queued', 'retryable') AND superseded_by IS NULL
       AND (acceptance_state IS NULL OR acceptance_state != 'excluded') ORDER BY queued_at, id LIMIT 1`,
  );

function setFields(tx: Tx, id: number, fields: JobPatch) {
  const keys = Object.keys(fields);
  tx.run(`UPDATE archive_jobs SET ${keys.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`, [
    ...keys.map((k) => fields[k as keyof JobRow] ?? null),
    id,
  ]);
}

/** The fields a trigger sets besides `patch` (status, its timestamps, retry count). */
export function transitionFields(
  job: JobRow,
  trigger: JobTrigger,
  now: string,
  maxRetries: number,
  patch: JobPatch,
) {
  const to = checkTransition(job.status, trigger, job, maxRetries);
  const fields: JobPatch = { ...patch, status: to, updated_at: now };
  if (trigger === "start") fields.started_at = now;
  if (trigger === "start" && job.status === "retryable") fields.finished_at = null;
  if (trigger === "crawl_succeeded" || trigger === "crawl_failed") fields.finished_at = now;
  if (trigger === "retry") {
    fields.retry_count = job.retry_count + 1;
    fields.queued_at = now;
  }
  return fields;
}

/** Whether `job` is still running under `claim` (the crawl that holds it is the one that took it). */
export const holdsClaim = (job: JobRow, claim: JobClaim) =>
  job.status === "running" &&
  (job.claimed_by ?? null) === claim.claimed_by &&
  (job.started_at ?? null) === claim.started_at;

/** Conflict (nothing written) when a crawl's write names a claim the job is no longer under. */
export function assertClaim(job: JobRow, claim: JobClaim | undefined) {
  if (!claim || holdsClaim(job, claim)) return;
  throw conflict(
    `Job ${job.id} is no longer this crawl's (it is ${job.status}, claimed by ${job.claimed_by ?? "nobody"} at ${job.started_at}); nothing was written`,
    { id: job.id, status: job.status },
  );
}

export function transitionJob(
  tx: Tx,
  warcRoot: string,
  id: number,
  trigger: JobTrigger,
  now: string,
  maxRetries: number,
  patch: JobPatch,
  claim?: JobClaim,
) {
  checkLengths("archive_jobs", patch);
  const job = getJobRow(tx, id);
  if (!job) throw notFound(`archive job ${id} does not exist`);
  assertClaim(job, claim);
  setFields(tx, id, relativePaths(warcRoot, transitionFields(job, trigger, now, maxRetries, patch)));
}

/** Starts the oldest runnable job inside one transaction, so one worker gets it. */
export function claimNextJob(tx: Tx, workerId: string, now: string): number | undefined {
  const job = nextRunnable(tx);
  if (!job) return undefined;
  checkLengths("archive_jobs", { claimed_by: workerId });
  const patch = { crawler_stage: "crawling", crawler_status: "running", claimed_by: workerId } as JobPatch;
  // Starting never spends a retry, so the retry limit plays no part here.
  setFields(tx, job.id, transitionFields(job, "start", now, Number.POSITIVE_INFINITY, patch));
  return job.id;
}

export function updateJobProgress(
  tx: Tx,
  warcRoot: string,
  id: number,
  patch: JobPatch,
  now: string,
  claim?: JobClaim,
) {
  checkLengths("archive_jobs", patch);
  if (claim) {
    const job = getJobRow(tx, id);
    if (!job) throw notFound(`archive job ${id} does not exist`);
    assertClaim(job, claim);
  }
  setFields(tx, id, { ...relativePaths(warcRoot, patch), updated_at: now });
}

function relativePaths(warcRoot: string, patch: JobPatch): JobPatch {
  const out = { ...patch };
  for (const k of ["output_dir", "state_file_path", "combined_log_path"] as const)
    if (typeof out[k] === "string") out[k] = storedPath(warcRoot, out[k] as string);
  return out;
}
