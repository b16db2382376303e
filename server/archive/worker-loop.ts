/**
 * Runs queued and retryable jobs one at a time: crawl, then index. Used by the `archive worker`
 * command and, when the scheduler is on, inside the server (the CLI cannot write while the
 * server holds the archive database).
 */
import type { Store } from "../db/types.js";
import { computeChanges } from "./changes/compute-changes.js";
import type { CrawlStats } from "./crawler.js";
import { crawlJob, indexJobById } from "./job-runner.js";
import { type JobRow, nextRunnableJob } from "./jobs-store.js";

export interface WorkerEvents {
  onJobStart?(job: JobRow): void;
  onProgress?(job: JobRow, stats: CrawlStats): void;
  onJobDone?(job: JobRow): void;
}

/** Processes runnable jobs until none is left (or the signal aborts); returns the jobs handled. */
export async function drainJobs(
  store: Store,
  maxRetries: number,
  signal: AbortSignal | undefined,
  events: WorkerEvents = {},
): Promise<JobRow[]> {
  const handled: JobRow[] = [];
  for (;;) {
    if (signal?.aborted) break;
    const next = nextRunnableJob(store);
    if (!next) break;
    events.onJobStart?.(next);
    const deps = { store, maxRetries, signal, onProgress: events.onProgress };
    let job = await crawlJob(deps, next.id);
    if (job.status === "completed" && !signal?.aborted) job = await indexJobById(deps, job.id);
    // Keep the change feed fresh: compare the new captures with the previous crawl right away.
    if (job.status === "indexed") await computeChanges(store, () => new Date().toISOString());
    events.onJobDone?.(job);
    handled.push(job);
  }
  return handled;
}

/** Polls for runnable jobs every `intervalMs` until stopped. */
export function startWorkerLoop(
  store: Store,
  maxRetries: number,
  intervalMs: number,
  onError: (err: unknown) => void,
  events: WorkerEvents = {},
) {
  const controller = new AbortController();
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return; // one drain at a time
    running = drainJobs(store, maxRetries, controller.signal, events)
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
