/**
 * The job status machine of spec 001 §3, in one place. Every status change goes through
 * `checkTransition`; an illegal one throws a 409 Conflict before anything is written.
 */
import { conflict } from "../../core/errors.js";

export const JOB_STATUSES = [
  "queued",
  "running",
  "completed",
  "failed",
  "retryable",
  "indexing",
  "indexed",
  "index_failed",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export type JobTrigger =
  | "start"
  | "crawl_succeeded"
  | "crawl_failed"
  | "retry"
  | "index_start"
  | "index_succeeded"
  | "index_failed"
  | "reindex";

/** [from, trigger, to]: the rows of the spec's table. */
export const TRANSITIONS: readonly [JobStatus, JobTrigger, JobStatus][] = [
  ["queued", "start", "running"],
  ["running", "crawl_succeeded", "completed"],
  ["running", "crawl_failed", "failed"],
  ["failed", "retry", "retryable"],
  ["retryable", "start", "running"],
  ["completed", "index_start", "indexing"],
  ["indexing", "index_succeeded", "indexed"],
  ["indexing", "index_failed", "index_failed"],
  ["index_failed", "reindex", "completed"],
];

/**
 * Returns the target status of `trigger` from `from`, or throws Conflict naming what is allowed.
 * `failed → retryable` also needs retry_count below maxRetries.
 */
export function checkTransition(
  from: string,
  trigger: JobTrigger,
  job: { id: number; retry_count: number },
  maxRetries: number,
): JobStatus {
  const row = TRANSITIONS.find(([f, t]) => f === from && t === trigger);
  if (!row) {
    const allowed = TRANSITIONS.filter(([f]) => f === from).map(([, t, to]) => `${t} → ${to}`);
    throw conflict(
      `Job ${job.id} is ${from}; "${trigger}" is not allowed from that status (allowed: ${allowed.length ? allowed.join(", ") : "none, it is final"})`,
      { id: job.id, status: from },
    );
  }
  if (trigger === "retry" && job.retry_count >= maxRetries) {
    throw conflict(`Job ${job.id} has used ${job.retry_count} of ${maxRetries} retries; failed is final`, {
      id: job.id,
      status: from,
    });
  }
  return row[2];
}
