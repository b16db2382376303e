/**
 * First-start demo: serves the bundled site on a loopback port, crawls version 1 then version 2
 * (same URLs, swapped content) with the real crawler into real WARCs, and indexes both. Runs in
 * the background from `start()` so the app answers at once; each step is a normal job, so an
 * interrupted demo resumes on the next start (on the same port when it is free, so URLs match).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { computeChanges } from "../changes/compute-changes.js";
import { crawlJob, indexJobById } from "../jobs/job-runner.js";
import { createJob } from "../jobs/jobs-store.js";
import type { ArchiveRepository, JobRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { renderDemoSite } from "./demo-site/render.js";
import { type SiteServer, serveSite } from "./demo-site/server.js";

export const DEMO_JOB_NAMES = ["demo-site-v1", "demo-site-v2"] as const;

export type DemoState = "idle" | "running" | "ready" | "failed";

const demoJobs = (repo: ArchiveRepository): Promise<JobRow[]> =>
  repo.jobsOfSourceNamed("demo", DEMO_JOB_NAMES);

export async function demoIsComplete(repo: ArchiveRepository): Promise<boolean> {
  const jobs = await demoJobs(repo);
  return jobs.length === 2 && jobs.every((j) => j.status === "indexed");
}

async function serveOnPreviousPort(repo: ArchiveRepository, version: 1 | 2): Promise<SiteServer> {
  const previous = (await repo.getSourceByCode("demo"))?.base_url;
  const port = previous ? Number(new URL(previous).port) : 0;
  try {
    return await serveSite(renderDemoSite(version), { port });
  } catch {
    return await serveSite(renderDemoSite(version), { port: 0 });
  }
}

interface DemoOptions {
  store: StoreOrRepository;
  dataDir: string;
  maxRetries: number;
  logger: Logger;
  signal: AbortSignal;
}

/** How long one process holds the demo before another may take it over (the demo takes seconds). */
export const DEMO_TURN_MS = 10 * 60_000;

/**
 * The demo crawl when several processes share one PostgreSQL database (WORKERS, or machines):
 * the process that claims the current ten-minute turn crawls; the others wait until the demo is
 * complete. Should the crawling process die, a waiting one claims a later turn and resumes it.
 * A waiting process claims a turn only once a whole turn has passed since it last found the demo
 * claimed by another: a new turn can begin seconds after a claim (processes started just before
 * the clock crosses a turn), and taking it then would crawl and index the demo twice at once.
 */
export async function runSharedDemoCrawl(
  opts: DemoOptions & { pollMs?: number; now?: () => number },
): Promise<void> {
  const repo = asArchiveRepository(opts.store);
  const now = opts.now ?? Date.now;
  let claimedElsewhereAt: number | null = null;
  while (!opts.signal.aborted && !(await demoIsComplete(repo))) {
    const at = now();
    const turnStart = Math.floor(at / DEMO_TURN_MS) * DEMO_TURN_MS;
    if (claimedElsewhereAt === null || turnStart >= claimedElsewhereAt + DEMO_TURN_MS) {
      const turn = new Date(turnStart).toISOString();
      if (await repo.claimScheduledRun("demo-crawl", turn)) return runDemoCrawl({ ...opts, store: repo });
      claimedElsewhereAt = at;
    }
    await sleep(opts.pollMs ?? 1_000, undefined, { signal: opts.signal }).catch(() => undefined);
  }
}

export async function runDemoCrawl(opts: DemoOptions): Promise<void> {
  const { logger } = opts;
  const repo = asArchiveRepository(opts.store);
  if (await demoIsComplete(repo)) return;
  const site = await serveOnPreviousPort(repo, 1);
  try {
    const base = `${site.url}/`;
    if ((await repo.getSourceByCode("demo"))?.base_url !== base)
      await repo.setSourceBaseUrl("demo", base, new Date().toISOString());
    for (const [i, name] of DEMO_JOB_NAMES.entries()) {
      const version = (i + 1) as 1 | 2;
      site.setFiles(renderDemoSite(version));
      let job = (await demoJobs(repo)).find((j) => j.name === name);
      job ??= await createJob(
        repo,
        opts.dataDir,
        {
          sourceCode: "demo",
          name,
          config: {
            seeds: [`${site.url}/en/`, `${site.url}/fr/`],
            zimit_passthrough_args: [],
            tool_options: {
              initial_workers: 4,
              min_workers: 1,
              enable_adaptive_workers: true,
              stall_timeout_minutes: 2,
            },
            scope: {
              allow_private: true,
              delay_ms: 0,
              max_pages: 500,
              include: [`^${site.url}/(css|images)/`],
            },
          },
        },
        new Date().toISOString(),
      );
      const deps = { store: repo, maxRetries: opts.maxRetries, signal: opts.signal };
      if (["queued", "retryable", "running"].includes(job.status)) job = await crawlJob(deps, job.id);
      if (opts.signal.aborted) return;
      if (["completed", "indexing"].includes(job.status)) job = await indexJobById(deps, job.id);
      logger.info(
        { job: job.id, status: job.status, pages: job.pages_crawled, snapshots: job.indexed_page_count },
        "demo crawl step done",
      );
      if (job.status !== "indexed") throw new Error(`demo job ${job.id} ended ${job.status}`);
    }
    const changes = await computeChanges(repo, () => new Date().toISOString());
    logger.info(changes, "demo change feed computed");
  } finally {
    await site.close();
  }
}
