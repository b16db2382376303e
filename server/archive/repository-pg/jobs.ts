/**
 * Sources' jobs on PostgreSQL. A job is claimed with `SELECT … FOR UPDATE SKIP LOCKED`: of several
 * workers, on one machine or many, each takes a different runnable job and none waits on another's.
 * Every status change reads the row under a lock and checks the transition table inside the
 * transaction, as on sql.js.
 */
import { notFound, validationError } from "../../core/errors.js";
import { JOB_STATUSES } from "../jobs/job-transitions.js";
import { checkLengths } from "../limits.js";
import type { JobPatch, JobRow, JobsRepository } from "../repository.js";
import { assertClaim, transitionFields } from "../repository-sqljs/jobs.js";
import { jobOut } from "../repository-sqljs/paths.js";
import { insertJob, setJobFields } from "./job-writes.js";
import { all, one, type Queryable, type Write } from "./rows.js";

/** The oldest runnable job: queued or retryable, neither excluded nor replaced by a re-queue. */
const RUNNABLE = `SELECT * FROM archive_jobs WHERE status IN ('queued', 'retryable') AND superseded_by IS NULL
  AND (acceptance_state IS NULL OR acceptance_state != 'excluded') ORDER BY queued_at COLLATE "C" NULLS FIRST, id LIMIT 1`;

export function pgJobs(pool: Queryable, write: Write, root: string): JobsRepository {
  const job = async (id: number) =>
    jobOut(root, await one<JobRow>(pool, "SELECT * FROM archive_jobs WHERE id = ?", [id]));
  const present = async (id: number) => {
    const row = await job(id);
    if (!row) throw notFound(`archive job ${id} does not exist`);
    return row;
  };
  const out = (rows: JobRow[]) => rows.map((r) => jobOut(root, r));
  return {
    createJob: async (j, now) => {
      const id = await write(async (client) => {
        const source = await one<{ id: number }>(client, "SELECT id FROM sources WHERE code = ?", [
          j.sourceCode,
        ]);
        if (!source)
          throw validationError(
            `source "${j.sourceCode}" does not exist; create jobs for an existing source code`,
          );
        return insertJob(client, root, source.id, j, now);
      });
      return present(id);
    },
    getJob: job,
    listJobs: async (limit = 200) =>
      out(
        await all(
          pool,
          "SELECT j.*, s.code AS source_code FROM archive_jobs j LEFT JOIN sources s ON s.id = j.source_id ORDER BY j.id DESC LIMIT ?",
          [limit],
        ),
      ) as (JobRow & { source_code: string | null })[],
    jobsWithStatus: async (status) =>
      out(await all(pool, "SELECT * FROM archive_jobs WHERE status = ? ORDER BY id", [status])),
    countJobsByStatus: async () => {
      const counts: Record<string, number> = Object.fromEntries(JOB_STATUSES.map((st) => [st, 0]));
      for (const r of await all<{ status: string; n: number }>(
        pool,
        "SELECT status, COUNT(*) AS n FROM archive_jobs GROUP BY status",
      ))
        counts[r.status] = r.n;
      return counts;
    },
    claimNextJob: async (workerId, now) => {
      checkLengths("archive_jobs", { claimed_by: workerId });
      const id = await write(async (client) => {
        const next = await one<JobRow>(client, `${RUNNABLE} FOR UPDATE SKIP LOCKED`);
        if (!next) return undefined;
        const patch = {
          crawler_stage: "crawling",
          crawler_status: "running",
          claimed_by: workerId,
        } as JobPatch;
        // Starting never spends a retry, so the retry limit plays no part here.
        await setJobFields(
          client,
          root,
          next.id,
          transitionFields(next, "start", now, Number.POSITIVE_INFINITY, patch),
        );
        return next.id;
      });
      return id === undefined ? undefined : present(id);
    },
    transitionJob: async (id, trigger, now, maxRetries, patch = {}, claim) => {
      checkLengths("archive_jobs", patch);
      await write(async (client) => {
        const current = await one<JobRow>(client, "SELECT * FROM archive_jobs WHERE id = ? FOR UPDATE", [id]);
        if (!current) throw notFound(`archive job ${id} does not exist`);
        assertClaim(current, claim);
        await setJobFields(client, root, id, transitionFields(current, trigger, now, maxRetries, patch));
      });
      return present(id);
    },
    updateJobProgress: async (id, patch, now, claim) => {
      checkLengths("archive_jobs", patch);
      await write(async (client) => {
        if (claim) {
          const current = await one<JobRow>(client, "SELECT * FROM archive_jobs WHERE id = ? FOR UPDATE", [
            id,
          ]);
          if (!current) throw notFound(`archive job ${id} does not exist`);
          assertClaim(current, claim);
        }
        await setJobFields(client, root, id, { ...patch, updated_at: now });
      });
    },
    markJobCleaned: async (id, now) => {
      await write((client) =>
        setJobFields(client, root, id, { cleanup_status: "temp_cleaned", cleaned_at: now, updated_at: now }),
      );
    },
    jobsOfSourceNamed: async (code, names) =>
      names.length
        ? out(
            await all(
              pool,
              "SELECT j.* FROM archive_jobs j JOIN sources s ON s.id = j.source_id WHERE s.code = ? AND j.name = ANY(?) ORDER BY j.id",
              [code, [...names]],
            ),
          )
        : [],
    indexedJobCounts: () =>
      all(
        pool,
        `SELECT s.code, j.shard_key, j.indexed_page_count AS n FROM archive_jobs j JOIN sources s ON s.id = j.source_id
          WHERE j.status = 'indexed' ORDER BY j.finished_at COLLATE "C" DESC NULLS LAST, j.id DESC`,
      ),
  };
}
