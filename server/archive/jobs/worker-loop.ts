/**
 * Runs queued and retryable jobs one at a time: crawl, then index. Used by the `archive worker`
 * command and, when the scheduler is on, inside the server (the CLI cannot write while the
 * server holds the archive database). A job of an annual edition marks the edition started, and
 * once it ends the edition is recounted (capture manifest, shard acceptance).
 */
import { hostname } from "node:os";
import { computeChanges } from "../changes/compute-changes.js";
import type { CrawlStats } from "../crawl/crawler.js";
import { refreshEdition } from "../editions/refresh.js";
import type { JobRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { failInterruptedJobs } from "./crawl-lease.js";
import { crawlJob, indexJobById } from "./job-runner.js";

/** Who takes a job: this machine and process (kept on the job row for operators). */
const workerId = () => `${hostname()}:${process.pid}`.slice(0, 100);

export interface WorkerEvents {
  onJobStart?(job: JobRow): void;
  onProgress?(job: JobRow, stats: CrawlStats): void;
  onJobDone?(job: JobRow): void;
}

/** Processes runnable jobs until none is left (or the signal aborts); returns the jobs handled. */
export async function drainJobs(
  store: StoreOrRepository,
  maxRetries: number,
  signal: AbortSignal | undefined,
  events: WorkerEvents = {},
  /** Where edition files live; without it editions are left to coverage-guardrails. */
  dataDir?: string,
): Promise<JobRow[]> {
  const now = () => new Date().toISOString();
  const handled: JobRow[] = [];
  const repo = asArchiveRepository(store);
  // Between two jobs this process crawls nothing: a running job it (or a killed process on this
  // machine, or one whose lease lapsed) claimed is interrupted, and failed so it can be retried.
  await failInterruptedJobs(store, maxRetries, now(), new Set());
  for (;;) {
    if (signal?.aborted) break;
    // Taken and started in one transaction: another worker (here or elsewhere) never gets it too.
    const next = await repo.claimNextJob(workerId(), now());
    if (!next) break;
    events.onJobStart?.(next);
    let job = next;
    try {
      if (next.edition_id) await repo.markEditionStarted(next.edition_id, now());
      const deps = { store, maxRetries, signal, onProgress: events.onProgress };
      job = await crawlJob(deps, next.id);
      if (job.status === "completed" && !signal?.aborted) job = await indexJobById(deps, job.id);
      // Keep the change feed fresh: compare the new captures with the previous crawl right away.
      if (job.status === "indexed") await computeChanges(store, now);
      if (job.edition_id && dataDir) await refreshEdition(store, dataDir, job.edition_id, now());
    } finally {
      // Even when the job's last write failed (a full disk under the database too): this process
      // no longer crawls it, so recovery may find it interrupted rather than skip it forever.
      events.onJobDone?.(job);
    }
    handled.push(job);
  }
  return handled;
}

/** Polls for runnable jobs every `intervalMs` until stopped. */
export function startWorkerLoop(
  store: StoreOrRepository,
  maxRetries: number,
  intervalMs: number,
  onError: (err: unknown) => void,
  events: WorkerEvents = {},
  dataDir?: string,
) {
  const controller = new AbortController();
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return; // one drain at a time
    running = drainJobs(store, maxRetries, controller.signal, events, dataDir)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
