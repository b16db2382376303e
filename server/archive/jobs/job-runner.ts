/**
 * Runs jobs through their lifecycle: crawl (queued/retryable → running → completed/failed),
 * index (completed → indexing → indexed/index_failed) and retry. Status changes go through
 * transitionJob (spec §3); crawl progress is copied to the job row every few seconds.
 *
 * A crawl holds its job only while the row is still running under the claim it took it with
 * (`claimed_by`, `started_at`): a job failed as interrupted under a live crawler (crawl-lease.ts),
 * retried and claimed again belongs to the new crawl. The old one re-reads the row every few
 * seconds and, once it is no longer its own, stops writing at once (JobLostError); its progress
 * and its last transition are written only under its claim, so it never completes the job.
 */
import { parseJobConfig } from "../../../shared/archive/job-config.js";
import { validationError } from "../../core/errors.js";
import { type CrawlStats, JobLostError, runCrawl } from "../crawl/crawler.js";
import { indexJob } from "../index/indexer.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { interruptedBecause, markInterrupted } from "./crawl-lease.js";
import type { JobTrigger } from "./job-transitions.js";
import {
  holdsClaim,
  type JobClaim,
  type JobPatch,
  type JobRow,
  requireJob,
  transitionJob,
  updateJobProgress,
} from "./jobs-store.js";

const iso = () => new Date().toISOString();

/** How often a crawl checks that its job is still its own. */
export const CLAIM_CHECK_MS = 2000;

export interface RunnerDeps {
  /** The archive's repository (or its sql.js store, as tests pass it). */
  store: StoreOrRepository;
  maxRetries: number;
  signal?: AbortSignal;
  onProgress?: (job: JobRow, stats: CrawlStats) => void;
}

const statsPatch = (s: CrawlStats) => ({
  pages_crawled: s.pagesCrawled,
  pages_failed: s.pagesFailed,
  pages_total: s.pagesTotal,
  warc_file_count: s.warcFiles.length,
  last_stats_json: JSON.stringify(s),
});

/** Crawls one queued or retryable job to completed or failed. */
export async function crawlJob(deps: RunnerDeps, id: number): Promise<JobRow> {
  const { store } = deps;
  const before = await requireJob(store, id);
  const parsed = parseJobConfig(JSON.parse(before.config ?? "null"));
  if (!parsed.ok) throw validationError(`job ${id} has an invalid config: ${parsed.message}`);
  // A job left "running" by a killed process resumes its crawl from the capture log.
  const job =
    before.status === "running"
      ? before
      : await transitionJob(store, id, "start", iso(), deps.maxRetries, {
          crawler_stage: "crawling",
          crawler_status: "running",
        });
  const claim: JobClaim = { claimed_by: job.claimed_by ?? null, started_at: job.started_at };
  // The crawl stops when the caller says so, or when the job is no longer its own.
  const lost = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, lost.signal]) : lost.signal;
  let checking = false;
  const watch = setInterval(() => {
    if (checking || lost.signal.aborted) return;
    checking = true;
    requireJob(store, id)
      .then((row) => {
        if (!holdsClaim(row, claim))
          lost.abort(
            new JobLostError(
              `crawl stopped: job ${id} is no longer this crawl's (it is ${row.status}, claimed by ${row.claimed_by ?? "nobody"} at ${row.started_at})`,
            ),
          );
      })
      // A read that fails says nothing of the claim: the next one will.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, CLAIM_CHECK_MS);
  watch.unref();
  /** The crawl's last transition, made only under its claim; a job taken from it is left as it is. */
  const settle = async (trigger: JobTrigger, patch: JobPatch) => {
    if (!lost.signal.aborted)
      try {
        return await transitionJob(store, id, trigger, iso(), deps.maxRetries, patch, claim);
      } catch (err) {
        if (holdsClaim(await requireJob(store, id), claim)) throw err;
      }
    return requireJob(store, id);
  };
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    const result = await runCrawl({
      jobDir: job.output_dir,
      warcPrefix: `job${id}`,
      config: parsed.config,
      signal,
      onProgress: (stats) => {
        deps.onProgress?.(job, stats);
        if (Date.now() - lastWrite < 2000) return;
        lastWrite = Date.now();
        pending = pending
          .then(() => updateJobProgress(store, id, statsPatch(stats), iso(), claim))
          .catch(() => undefined);
      },
    });
    await pending;
    const patch = {
      ...statsPatch(result.stats),
      crawler_exit_code: result.exitCode,
      crawler_status: result.status,
      crawler_stage: result.stage,
    };
    if (result.status === "success") return await settle("crawl_succeeded", patch);
    const stats = JSON.stringify({ ...result.stats, reason: result.reason ?? result.stage });
    return await settle("crawl_failed", { ...patch, last_stats_json: stats });
  } catch (err) {
    await pending;
    const reason = String((err as Error).message ?? err).slice(0, 500);
    return await settle("crawl_failed", {
      crawler_exit_code: 1,
      crawler_status: "failed",
      crawler_stage: "error",
      last_stats_json: JSON.stringify({ reason }),
    });
  } finally {
    clearInterval(watch);
  }
}

/** Indexes one completed job to indexed or index_failed. */
export async function indexJobById(deps: RunnerDeps, id: number): Promise<JobRow> {
  const { store } = deps;
  const current = await requireJob(store, id);
  // A job left "indexing" by a killed process continues; already indexed records are skipped.
  const job =
    current.status === "indexing"
      ? current
      : await transitionJob(store, id, "index_start", iso(), deps.maxRetries);
  try {
    const result = await indexJob(store, job, iso);
    const total = (await asArchiveRepository(store).countSnapshotsOfJob(id)) || result.snapshots;
    // Documents left out of search (a malformed or encrypted PDF) are named in the job's stats.
    const unreadable = result.unreadable.length
      ? {
          last_stats_json: JSON.stringify({
            ...JSON.parse((await requireJob(store, id)).last_stats_json ?? "{}"),
            index_unreadable: result.unreadable.slice(0, 100),
          }),
        }
      : {};
    return await transitionJob(store, id, "index_succeeded", iso(), deps.maxRetries, {
      indexed_page_count: total,
      ...unreadable,
    });
  } catch (err) {
    const stats = {
      ...JSON.parse((await requireJob(store, id)).last_stats_json ?? "{}"),
      index_error: String((err as Error).message ?? err).slice(0, 500),
    };
    return await transitionJob(store, id, "index_failed", iso(), deps.maxRetries, {
      last_stats_json: JSON.stringify(stats),
    });
  }
}

/** retry-job: a failed crawl becomes retryable (within the retry budget); a failed index is re-indexed. */
export async function retryJob(deps: RunnerDeps, id: number): Promise<JobRow> {
  let job = await requireJob(deps.store, id);
  // A job still "running" whose crawler was killed (crawl-lease.ts) is failed first, then retried.
  const gone = job.status === "running" ? interruptedBecause(job, Date.now()) : null;
  if (gone) job = await markInterrupted(deps.store, job, gone, iso(), deps.maxRetries);
  if (job.status === "index_failed") {
    await transitionJob(deps.store, id, "reindex", iso(), deps.maxRetries);
    return indexJobById(deps, id);
  }
  return transitionJob(deps.store, id, "retry", iso(), deps.maxRetries);
}
