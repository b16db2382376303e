/**
 * `chc archive …` commands: create-job, worker, index-job, retry-job, cleanup, jobs. Each prints
 * what it did and exits non-zero on failure (an ApiError's message is printed as is).
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { loadConfig } from "../core/config.js";
import { ApiError } from "../core/errors.js";
import type { ModuleContext } from "../core/module.js";
import { createStore } from "../db/store.js";
import { computeChanges } from "./changes/compute-changes.js";
import { indexJobById, retryJob } from "./job-runner.js";
import { createJob, listJobs, requireJob } from "./jobs-store.js";
import { setMaintenance } from "./maintenance.js";
import { archiveSettings } from "./settings.js";
import { scheduleAnnual } from "./tasks/annual.js";
import { cleanupTemporaryFiles } from "./tasks/checks.js";
import { archiveTasks, runTask } from "./tasks/registry.js";
import { drainJobs } from "./worker-loop.js";

type GetContext = () => Promise<ModuleContext>;

function fail(err: unknown): never {
  const msg = err instanceof ApiError ? `${err.type}: ${err.message}` : String((err as Error).message ?? err);
  process.stderr.write(`${msg}\n`);
  process.exitCode = 1;
  throw new CliFailure(msg);
}
class CliFailure extends Error {}

const action =
  <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
  async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      if (!(err instanceof CliFailure)) {
        try {
          fail(err);
        } catch {
          // exit code already set
        }
      }
    }
  };

const jobId = (raw: string) => {
  if (!/^[1-9]\d*$/.test(raw)) fail(new Error(`job id must be a positive integer; got "${raw}"`));
  return Number(raw);
};

function bar(done: number, total: number) {
  const width = 30;
  const filled = total ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
}

export function registerArchiveCli(program: Command, getContext: GetContext) {
  const archive = program.command("archive").description("Web archive: crawl jobs, indexing, replay data");

  archive
    .command("create-job")
    .description("Queue a crawl job for a source")
    .requiredOption("--source <code>", "source code, e.g. hc, phac, cihr, demo")
    .requiredOption("--name <name>", "job name (at most 200 characters)")
    .option("--seed <url...>", "seed URLs")
    .option("--config <json>", "full job config as JSON, or @file.json")
    .option("--workers <n>", "initial_workers")
    .option("--max-pages <n>", "scope.max_pages")
    .option("--allow-private", "allow seeds on private or loopback addresses")
    .action(
      action(
        async (opts: {
          source: string;
          name: string;
          seed?: string[];
          config?: string;
          workers?: string;
          maxPages?: string;
          allowPrivate?: boolean;
        }) => {
          let raw: Record<string, unknown> = {};
          if (opts.config)
            raw = JSON.parse(
              opts.config.startsWith("@") ? readFileSync(opts.config.slice(1), "utf8") : opts.config,
            );
          if (opts.seed) raw.seeds = opts.seed;
          const tool = { ...(raw.tool_options as object) } as Record<string, unknown>;
          if (opts.workers) tool.initial_workers = Number(opts.workers);
          const scope = { ...(raw.scope as object) } as Record<string, unknown>;
          if (opts.maxPages) scope.max_pages = Number(opts.maxPages);
          if (opts.allowPrivate) scope.allow_private = true;
          const parsed = parseJobConfig({ ...raw, tool_options: tool, scope });
          if (!parsed.ok) fail(new Error(parsed.message));
          const ctx = await getContext();
          const job = await createJob(
            ctx.store,
            ctx.config.DATA_DIR,
            { sourceCode: opts.source, name: opts.name, config: parsed.config },
            new Date().toISOString(),
          );
          process.stdout.write(
            `created job ${job.id} (${job.name}) for source ${opts.source}: queued, output ${job.output_dir}\n`,
          );
        },
      ),
    );

  archive
    .command("worker")
    .description("Run queued and retryable jobs one at a time (crawl, then index) until none is left")
    .action(
      action(async () => {
        const ctx = await getContext();
        const controller = new AbortController();
        const onSignal = () => controller.abort();
        process.once("SIGINT", onSignal);
        process.once("SIGTERM", onSignal);
        const tty = process.stderr.isTTY;
        const jobs = await drainJobs(ctx.store, archiveSettings().maxRetries, controller.signal, {
          onJobStart: (j) => process.stdout.write(`job ${j.id} (${j.name}): crawling\n`),
          onProgress: (j, s) => {
            const line = `job ${j.id} ${bar(s.pagesCrawled + s.pagesFailed, Math.max(s.pagesTotal, s.pagesCrawled))} pages, ${s.workers} workers`;
            if (tty) process.stderr.write(`\r${line}`);
          },
          onJobDone: (j) => {
            if (tty) process.stderr.write("\n");
            process.stdout.write(
              `job ${j.id}: ${j.status} (${j.pages_crawled ?? 0} pages crawled, ${j.pages_failed ?? 0} failed, ${j.indexed_page_count} snapshots)\n`,
            );
          },
        });
        if (!jobs.length) process.stdout.write("no queued or retryable job\n");
        if (jobs.some((j) => j.status !== "indexed")) process.exitCode = 1;
      }),
    );

  archive
    .command("index-job <id>")
    .description("Index a completed job's WARCs into snapshots")
    .action(
      action(async (id: string) => {
        const ctx = await getContext();
        const job = await indexJobById(
          { store: ctx.store, maxRetries: archiveSettings().maxRetries },
          jobId(id),
        );
        process.stdout.write(`job ${job.id}: ${job.status}, ${job.indexed_page_count} snapshots\n`);
        if (job.status !== "indexed")
          fail(
            new Error(
              `indexing failed: ${JSON.parse(job.last_stats_json ?? "{}").index_error ?? "unknown reason"}`,
            ),
          );
      }),
    );

  archive
    .command("retry-job <id>")
    .description("Retry a failed crawl (failed → retryable) or re-index a job whose indexing failed")
    .action(
      action(async (id: string) => {
        const ctx = await getContext();
        const job = await retryJob({ store: ctx.store, maxRetries: archiveSettings().maxRetries }, jobId(id));
        process.stdout.write(`job ${job.id}: ${job.status} (retry ${job.retry_count})\n`);
        if (job.status === "index_failed") process.exitCode = 1;
      }),
    );

  archive
    .command("cleanup")
    .description("Remove temporary crawl files of indexed jobs (cleanup_status → temp_cleaned)")
    .option("--job <id>", "only this job")
    .action(
      action(async (opts: { job?: string }) => {
        const ctx = await getContext();
        const only = opts.job ? requireJob(ctx.store, jobId(opts.job)).id : undefined;
        const r = await cleanupTemporaryFiles(
          {
            store: ctx.store,
            dataDir: ctx.config.DATA_DIR,
            maxRetries: 0,
            request: () => Promise.reject(new Error("unused")),
            replayUrl: () => null,
            now: () => new Date().toISOString(),
          },
          only,
        );
        for (const id of r.details as number[]) process.stdout.write(`job ${id}: temporary files removed\n`);
        process.stdout.write(`${r.summary}\n`);
      }),
    );

  archive
    .command("compute-changes")
    .description(
      "Compare new captures with the previous crawl of each page and update the change feed (incremental)",
    )
    .action(
      action(async () => {
        const ctx = await getContext();
        const r = await computeChanges(ctx.store, () => new Date().toISOString());
        process.stdout.write(`${r.jobs} job(s) compared, ${r.changes} change(s) recorded\n`);
      }),
    );

  archive
    .command("maintenance <state>")
    .description(
      "Switch maintenance mode on or off: API routes other than /api/health answer 503 with Retry-After",
    )
    .option("--until <time>", "end of the maintenance window (ISO 8601), required with on")
    .option("--reason <text>", "what is being done", "planned maintenance")
    .action(
      action(async (state: string, opts: { until?: string; reason: string }) => {
        const dataDir = loadConfig().DATA_DIR;
        if (state === "off") {
          setMaintenance(dataDir, null);
          process.stdout.write("maintenance mode off\n");
          return;
        }
        if (state !== "on") fail(new Error(`state must be on or off; got "${state}"`));
        const until = opts.until ? Date.parse(opts.until) : Number.NaN;
        if (Number.isNaN(until) || until <= Date.now())
          fail(new Error("--until must be a future time, e.g. 2026-03-01T06:00:00Z"));
        setMaintenance(dataDir, { until: new Date(until).toISOString(), reason: opts.reason.slice(0, 300) });
        process.stdout.write(`maintenance mode on until ${new Date(until).toISOString()}: ${opts.reason}\n`);
      }),
    );

  archive
    .command("task <name>")
    .description(
      `Run one scheduled task now and ping its check URL (tasks: ${archiveTasks()
        .map((t) => t.name)
        .join(", ")})`,
    )
    .option("--base-url <url>", "the running app, for public-surface-verify")
    .option("--replay-url <url>", "the running replay listener, for replay-smoke")
    .action(
      action(async (name: string, opts: { baseUrl?: string; replayUrl?: string }) => {
        const def = archiveTasks().find((t) => t.name === name);
        if (!def)
          fail(
            new Error(
              `unknown task "${name}"; tasks: ${archiveTasks()
                .map((t) => t.name)
                .join(", ")}`,
            ),
          );
        const ctx = await getContext();
        const host = ctx.config.HOST.includes(":") ? `[${ctx.config.HOST}]` : ctx.config.HOST;
        const base = opts.baseUrl ?? `http://${host}:${ctx.config.PORT}`;
        const r = await runTask(def, {
          store: ctx.store,
          dataDir: ctx.config.DATA_DIR,
          maxRetries: archiveSettings().maxRetries,
          request: (p) => fetch(`${base}${p}`, { signal: AbortSignal.timeout(30_000) }),
          replayUrl: () => opts.replayUrl ?? `http://${host}:${ctx.config.REPLAY_PORT}`,
          now: () => new Date().toISOString(),
        });
        process.stdout.write(
          `${name}: ${r.ok ? "ok" : "FAILED"}: ${r.summary}${r.ping.sent ? " (pinged)" : r.ping.error ? ` (ping not sent: ${r.ping.error})` : ""}\n`,
        );
        if (!r.ok) process.exitCode = 1;
      }),
    );

  archive
    .command("schedule-annual")
    .description("Create the year's annual edition per source and its shard job")
    .requiredOption("--year <year>", "edition year")
    .action(
      action(async (opts: { year: string }) => {
        const year = Number(opts.year);
        if (!Number.isInteger(year) || year < 1990 || year > 2100)
          fail(new Error(`--year must be a year between 1990 and 2100; got "${opts.year}"`));
        const ctx = await getContext();
        const r = await scheduleAnnual(ctx.store, ctx.config.DATA_DIR, year, new Date().toISOString());
        process.stdout.write(`${year}: ${r.editions} edition(s) and ${r.jobs} shard job(s) created\n`);
      }),
    );

  archive
    .command("jobs")
    .description("Table of jobs and their states")
    .option("--limit <n>", "most recent n jobs", "50")
    .action(
      action(async (opts: { limit: string }) => {
        // Read-only: works while the server holds the database.
        const store = await createStore({ dataDir: loadConfig().DATA_DIR, name: "archive", readOnly: true });
        const jobs = listJobs(store, Number(opts.limit) || 50);
        await store.close();
        const rows = jobs.map((j) => ({
          id: j.id,
          source: j.source_code ?? "",
          name: j.name,
          status: j.status,
          pages: `${j.pages_crawled ?? 0}/${j.pages_total ?? 0}`,
          failed: j.pages_failed ?? 0,
          snapshots: j.indexed_page_count,
          retries: j.retry_count,
          cleanup: j.cleanup_status,
        }));
        if (!rows.length) process.stdout.write("no jobs\n");
        else console.table(rows);
      }),
    );
}
