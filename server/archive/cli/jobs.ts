/**
 * `chc archive …` job commands: create-job, worker, index-job, retry-job, jobs (operations in ops.ts). Each prints
 * what it did and exits non-zero on failure (an ApiError's message is printed as is).
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { parseJobConfig } from "../../../shared/archive/job-config.js";
import { indexJobById, retryJob } from "../jobs/job-runner.js";
import { createJob } from "../jobs/jobs-store.js";
import { drainJobs } from "../jobs/worker-loop.js";
import { repositoryOf } from "../repository-of.js";
import { archiveSettings } from "../settings.js";
import { registerEditionsCli } from "./editions.js";
import { action, fail, type GetContext, jobId, withReadOnlyArchive } from "./helpers.js";
import { registerOfflineCli } from "./offline.js";
import { registerArchiveOpsCli } from "./ops.js";

function bar(done: number, total: number) {
  const width = 30;
  const filled = total ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
}

export function registerArchiveCli(program: Command, getContext: GetContext) {
  const archive = program.command("archive").description("Web archive: crawl jobs, indexing, replay data");
  registerArchiveOpsCli(archive, getContext);
  registerEditionsCli(archive, getContext);
  registerOfflineCli(archive, getContext);

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
            repositoryOf(ctx),
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
        const jobs = await drainJobs(
          repositoryOf(ctx),
          archiveSettings(ctx.config).maxRetries,
          controller.signal,
          {
            onJobStart: (j) => process.stdout.write(`job ${j.id} (${j.name}): crawling\n`),
            onProgress: (j, s) => {
              const line = `job ${j.id} ${bar(s.pagesCrawled + s.pagesFailed, Math.max(s.pagesTotal, s.pagesCrawled))} pages, ${s.workers} workers`;
              if (tty) process.stderr.write(`\r${line}`);
            },
            onJobDone: (j) => {
              if (tty) process.stderr.write("\n");
              process.stdout.write(
                `job ${j.id}: ${j.status} (${j.pages_crawled ?? 0} pages crawled, ${j.pages_failed ?? 0} failed, ${j.indexed_page_count} snapshots)${failureOf(j)}\n`,
              );
            },
          },
          ctx.config.DATA_DIR,
        );
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
          { store: repositoryOf(ctx), maxRetries: archiveSettings(ctx.config).maxRetries },
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
        const job = await retryJob(
          { store: repositoryOf(ctx), maxRetries: archiveSettings(ctx.config).maxRetries },
          jobId(id),
        );
        process.stdout.write(`job ${job.id}: ${job.status} (retry ${job.retry_count})\n`);
        if (job.status === "index_failed") process.exitCode = 1;
      }),
    );

  archive
    .command("jobs")
    .description("Table of jobs and their states")
    .option("--limit <n>", "most recent n jobs", "50")
    .action(
      action(async (opts: { limit: string }) => {
        // Read-only: works while the server holds the database.
        const jobs = await withReadOnlyArchive((db) => db.listJobs(Number(opts.limit) || 50));
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

/** Why a job did not end indexed, as the runner recorded it (the crawl's or the index's error). */
function failureOf(job: { status: string; last_stats_json: string | null }): string {
  if (job.status === "indexed") return "";
  try {
    const stats = JSON.parse(job.last_stats_json ?? "{}") as { reason?: unknown; index_error?: unknown };
    const why = stats.index_error ?? stats.reason;
    return typeof why === "string" && why ? `: ${why}` : "";
  } catch {
    return "";
  }
}
