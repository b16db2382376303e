/**
 * Whether a "running" job still has a crawler. A crawler holds its job by a lease it renews: the
 * monitor rewrites the job's `.archive_state.json` (its `updatedAt`) every few seconds while the
 * process lives. A job is interrupted when the process that claimed it is known to be gone (its
 * `claimed_by` names this machine and that process id no longer runs, or names this very process,
 * which is not crawling it), or when the lease has not been renewed for CRAWL_LEASE_MS. A lease
 * read from the shared ARCHIVE_WARC_DIR holds across machines, so a job crawled elsewhere is never
 * taken from a live crawler; only a failed job can be retried, and only a retried one claimed again.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import type { JobRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { transitionJob } from "./jobs-store.js";

/** How long a lease lasts without renewal (at least ten monitor intervals). */
export const CRAWL_LEASE_MS = 60_000;

const leaseMs = (job: JobRow) => {
  const seconds = JSON.parse(job.config ?? "{}").tool_options?.monitor_interval_seconds as number | undefined;
  return Math.max(CRAWL_LEASE_MS, 10 * (seconds ?? 2) * 1000);
};

const processRuns = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The last renewal of the job's lease: its state file's `updatedAt`, else the row's last change. */
function lastRenewal(job: JobRow): number {
  let at = Date.parse(job.updated_at ?? job.started_at ?? "") || 0;
  try {
    const state = JSON.parse(readFileSync(job.state_file_path ?? "", "utf8")) as { updatedAt?: string };
    at = Math.max(at, Date.parse(state.updatedAt ?? "") || 0);
  } catch {
    // No state file yet: the row's own time stands.
  }
  return at;
}

/** When this process started: a claim older than that, under its own id, is an earlier one's. */
const processStartedAt = Date.now() - process.uptime() * 1000;

/**
 * Whether a job under this process's own id (a restart may reuse it: a container's process 1) was
 * claimed by an earlier process. Not by the list of jobs being crawled alone: a job this process
 * has just claimed is not in it until its claim's answer is read, and must not be failed meanwhile.
 */
const claimedBeforeThisProcess = (job: JobRow, active: ReadonlySet<number> | undefined) =>
  active !== undefined && (Date.parse(job.updated_at ?? "") || 0) < processStartedAt;

/**
 * Why a running job's crawler is gone, or null while it may still run. `active`: the jobs this
 * process is crawling right now, when it knows them (the server's worker, `archive worker`).
 */
export function interruptedBecause(job: JobRow, now: number, active?: ReadonlySet<number>): string | null {
  if (active?.has(job.id)) return null;
  const m = /^(.*):(\d+)$/.exec(job.claimed_by ?? "");
  // The whole name: "archive-1" is not this machine when it is "archive-10".
  if (m && m[1] === hostname()) {
    const pid = Number(m[2]);
    if (pid === process.pid ? claimedBeforeThisProcess(job, active) : !processRuns(pid))
      return `its crawler (process ${pid} on ${m[1]}) is no longer running`;
  }
  const quiet = now - lastRenewal(job);
  if (quiet > leaseMs(job)) return `its crawler has given no sign of life for ${Math.round(quiet / 1000)} s`;
  return null;
}

/**
 * Fails every running job whose crawler is gone (stage "interrupted", with the reason), so that
 * `archive retry-job` resumes it from its capture log. Returns the ids failed.
 */
export async function failInterruptedJobs(
  store: StoreOrRepository,
  maxRetries: number,
  now: string,
  active?: ReadonlySet<number>,
): Promise<number[]> {
  const failed: number[] = [];
  for (const job of await asArchiveRepository(store).jobsWithStatus("running")) {
    const why = interruptedBecause(job, Date.parse(now), active);
    if (!why) continue;
    await markInterrupted(store, job, why, now, maxRetries);
    failed.push(job.id);
  }
  return failed;
}

export async function markInterrupted(
  store: StoreOrRepository,
  job: JobRow,
  why: string,
  now: string,
  maxRetries: number,
): Promise<JobRow> {
  const stats = { ...JSON.parse(job.last_stats_json ?? "{}"), reason: `crawl interrupted: ${why}` };
  return transitionJob(store, job.id, "crawl_failed", now, maxRetries, {
    crawler_status: "failed",
    crawler_stage: "interrupted",
    crawler_exit_code: 137,
    last_stats_json: JSON.stringify(stats),
  });
}
