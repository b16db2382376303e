/**
 * `chc archive …` operations commands: cleanup, compute-changes, maintenance, task,
 * schedule-annual. Same conventions as jobs.ts: print what was done, exit non-zero on failure.
 */
import type { Command } from "commander";
import { loadConfig } from "../../core/config.js";
import { computeChanges } from "../changes/compute-changes.js";
import { planEdition } from "../editions/plan.js";
import { archiveHeldByAnotherProcess, handOff } from "../jobs/handoff.js";
import { requireJob } from "../jobs/jobs-store.js";
import { endMaintenance, scheduleWindow } from "../maintenance/commands.js";
import { repositoryOf } from "../repository-of.js";
import { archiveSettings } from "../settings.js";
import { cleanupTemporaryFiles } from "../tasks/checks.js";
import { ping } from "../tasks/ping.js";
import { pingUrlSource } from "../tasks/ping-env-file.js";
import { archiveTasks, runTask } from "../tasks/registry.js";
import { action, fail, type GetContext, jobId } from "./helpers.js";

const stderrWarn = { warn: (_obj: object, msg: string) => process.stderr.write(`warning: ${msg}\n`) };

export function registerArchiveOpsCli(archive: Command, getContext: GetContext) {
  archive
    .command("cleanup")
    .description("Remove temporary crawl files of indexed jobs (cleanup_status → temp_cleaned)")
    .option("--job <id>", "only this job")
    .action(
      action(async (opts: { job?: string }) => {
        const ctx = await getContext();
        const only = opts.job ? (await requireJob(repositoryOf(ctx), jobId(opts.job))).id : undefined;
        const r = await cleanupTemporaryFiles(
          {
            store: repositoryOf(ctx),
            dataDir: ctx.config.DATA_DIR,
            maxRetries: 0,
            request: () => Promise.reject(new Error("unused")),
            replayUrl: () => null,
            now: () => new Date().toISOString(),
            editions: archiveSettings(ctx.config),
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
        const r = await computeChanges(repositoryOf(ctx), () => new Date().toISOString());
        process.stdout.write(`${r.jobs} job(s) compared, ${r.changes} change(s) recorded\n`);
      }),
    );

  archive
    .command("maintenance <state>")
    .description(
      "Schedule a maintenance window (on) or end the current one (off). Routine: 24 h notice, at most 30 min; major: 72 h notice, at most 4 h; both on weekdays 00:00-06:00 or 22:00-24:00 UTC, never on a statutory holiday. While a window is current, API routes other than /api/health answer 503 with Retry-After; GET /api/maintenance announces it",
    )
    .option("--type <type>", "routine or major (emergency: use --emergency)", "routine")
    .option("--start <time>", "start of the window (ISO 8601; default: now)")
    .option("--until <time>", "end of the window (ISO 8601), required with on")
    .option("--reason <text>", "what is being done (required with --emergency or --force, and recorded)")
    .option("--emergency", "an emergency window: may start at once and last as long as needed")
    .option("--force", "schedule a window that breaks the rules (recorded with --reason)")
    .action(
      action(
        async (
          state: string,
          opts: {
            type: string;
            start?: string;
            until?: string;
            reason?: string;
            emergency?: boolean;
            force?: boolean;
          },
        ) => {
          const dataDir = loadConfig().DATA_DIR;
          const now = new Date().toISOString();
          let r: { ok: boolean; summary: string };
          if (state === "off") {
            r = archiveHeldByAnotherProcess(dataDir)
              ? await handOff(dataDir, { op: "maintenance-off", at: now }, { timeoutMs: 60_000 })
              : await endMaintenance(repositoryOf(await getContext()), now);
          } else {
            if (state !== "on") fail(new Error(`state must be on or off; got "${state}"`));
            const type = opts.emergency ? "emergency" : opts.type;
            if (!opts.emergency && type !== "routine" && type !== "major")
              fail(new Error(`--type must be routine or major (or --emergency); got "${opts.type}"`));
            if ((opts.emergency || opts.force) && !opts.reason?.trim())
              fail(
                new Error(
                  `--${opts.emergency ? "emergency" : "force"} needs --reason "why", which is recorded`,
                ),
              );
            const time = (name: string, value: string | undefined, fallback?: string) => {
              const t = value === undefined ? Number.NaN : Date.parse(value);
              if (Number.isNaN(t)) {
                if (fallback !== undefined && value === undefined) return fallback;
                fail(
                  new Error(
                    `--${name} must be a time in ISO 8601, e.g. 2026-03-03T02:00:00Z; got "${value ?? ""}"`,
                  ),
                );
              }
              return new Date(t).toISOString();
            };
            const req = {
              type: type as "routine" | "major" | "emergency",
              startsAt: time("start", opts.start, now),
              endsAt: time("until", opts.until),
              reason: (opts.reason?.trim() || "planned maintenance").slice(0, 300),
              force: Boolean(opts.force),
              announcedAt: now,
            };
            r = archiveHeldByAnotherProcess(dataDir)
              ? await handOff(dataDir, { op: "maintenance-on", window: req }, { timeoutMs: 60_000 })
              : await scheduleWindow(repositoryOf(await getContext()), req);
          }
          if (!r.ok) fail(new Error(r.summary));
          process.stdout.write(`${r.summary}\n`);
        },
      ),
    );

  archive
    .command("task <name>")
    .description(
      `Run one scheduled task now and ping its check URL (tasks: ${archiveTasks()
        .map((t) => t.name)
        .join(", ")}); while the server holds the database, the server runs it`,
    )
    .option(
      "--base-url <url>",
      "the running app, for public-surface-verify (when no server holds the database)",
    )
    .option("--replay-url <url>", "the running replay listener, for replay-smoke (idem)")
    .option("--wait-minutes <n>", "how long to wait for the server to run it", "360")
    .action(
      action(async (name: string, opts: { baseUrl?: string; replayUrl?: string; waitMinutes: string }) => {
        const def = archiveTasks().find((t) => t.name === name);
        if (!def)
          fail(
            new Error(
              `unknown task "${name}"; tasks: ${archiveTasks()
                .map((t) => t.name)
                .join(", ")}`,
            ),
          );
        const config = loadConfig();
        const urls = pingUrlSource(config, stderrWarn);
        let r: { ok: boolean; summary: string };
        if (archiveHeldByAnotherProcess(config.DATA_DIR)) {
          const minutes = Number(opts.waitMinutes);
          if (!(minutes > 0))
            fail(new Error(`--wait-minutes must be a positive number; got "${opts.waitMinutes}"`));
          r = await handOff(config.DATA_DIR, { op: "task", name }, { timeoutMs: minutes * 60_000 });
        } else {
          const ctx = await getContext();
          const host = ctx.config.HOST.includes(":") ? `[${ctx.config.HOST}]` : ctx.config.HOST;
          const base = opts.baseUrl ?? `http://${host}:${ctx.config.PORT}`;
          r = await runTask(
            def,
            {
              store: repositoryOf(ctx),
              dataDir: ctx.config.DATA_DIR,
              maxRetries: archiveSettings(ctx.config).maxRetries,
              request: (p) => fetch(`${base}${p}`, { signal: AbortSignal.timeout(30_000) }),
              replayUrl: () => opts.replayUrl ?? `http://${host}:${ctx.config.REPLAY_PORT}`,
              now: () => new Date().toISOString(),
              editions: archiveSettings(ctx.config),
            },
            {},
          );
        }
        // Pinged from here in both cases: this process has the timer's environment file.
        const pinged = def.pingVar ? await ping(urls()[def.pingVar], r.ok) : { sent: false };
        process.stdout.write(
          `${name}: ${r.ok ? "ok" : "FAILED"}: ${r.summary}${pinged.sent ? " (pinged)" : pinged.error ? ` (ping not sent: ${pinged.error})` : ""}\n`,
        );
        if (!r.ok) process.exitCode = 1;
      }),
    );

  archive
    .command("schedule-annual")
    .description(
      "Plan the year's edition of every enabled source now, whatever the calendar: target ledger and shard jobs (each made once)",
    )
    .requiredOption("--year <year>", "edition year")
    .action(
      action(async (opts: { year: string }) => {
        const year = Number(opts.year);
        if (!Number.isInteger(year) || year < 1990 || year > 2100)
          fail(new Error(`--year must be a year between 1990 and 2100; got "${opts.year}"`));
        const ctx = await getContext();
        const settings = archiveSettings(ctx.config);
        let jobs = 0;
        let editions = 0;
        for (const source of (await repositoryOf(ctx).listSources()).filter((s) => s.enabled && s.base_url)) {
          const deps = {
            store: repositoryOf(ctx),
            dataDir: ctx.config.DATA_DIR,
            shardMaxUrls: settings.shardMaxUrls,
            now: new Date().toISOString(),
          };
          const r = await planEdition(deps, source, year).catch((err: Error) => {
            process.stderr.write(`${source.code} ${year}: not planned: ${err.message}\n`);
            process.exitCode = 1;
            return null;
          });
          if (!r) continue;
          editions += r.ledgerBuilt ? 1 : 0;
          jobs += r.jobsCreated;
          process.stdout.write(
            `${source.code} ${year}: ${r.intended} URL(s) intended, ${r.excluded} left out, ${r.jobsCreated} shard job(s) queued${r.notes.length ? ` (${r.notes.join("; ")})` : ""}\n`,
          );
        }
        process.stdout.write(`${year}: ${editions} edition(s) planned and ${jobs} shard job(s) queued\n`);
      }),
    );
}
