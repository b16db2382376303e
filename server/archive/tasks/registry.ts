/**
 * The archive's scheduled tasks (spec 001 §6): name, cadence and ping variable. The nine timers
 * ping after each run; the two high-frequency ones (crawl metrics, crawl auto-recovery) never do.
 */

import { readFileSync } from "node:fs";
import { computeChanges } from "../changes/compute-changes.js";
import { scheduleAnnual } from "../editions/calendar.js";
import { failInterruptedJobs } from "../jobs/crawl-lease.js";
import { transitionJob } from "../jobs/jobs-store.js";
import { asArchiveRepository } from "../repository-of.js";
import { annualSearchVerify } from "./annual-search-verify.js";
import {
  baselineDriftCheck,
  cleanupTemporaryFiles,
  coverageGuardrails,
  publicSurfaceVerify,
  replayReconcile,
  replaySmoke,
} from "./checks.js";
import { ping } from "./ping.js";
import type { TaskContext, TaskResult } from "./task-context.js";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export interface TaskDef {
  name: string;
  everyMs: number;
  /** Run at the scheduler's first tick instead of one period after the first start. */
  runAtStart?: boolean;
  pingVar: string | null;
  run(ctx: TaskContext): Promise<TaskResult>;
}

/**
 * Running jobs whose crawler is gone (crawl-lease.ts: its process no longer runs, or its lease went
 * unrenewed) are failed as interrupted; those whose state file shows no progress for twice the
 * stall timeout are failed as stalled. Either can then be retried, resuming from its capture log.
 */
async function crawlAutoRecovery(ctx: TaskContext, activeJobIds: () => Set<number>): Promise<TaskResult> {
  const interrupted = await failInterruptedJobs(ctx.store, ctx.maxRetries, ctx.now(), activeJobIds());
  const stuck: number[] = [];
  for (const j of await asArchiveRepository(ctx.store).jobsWithStatus("running")) {
    if (activeJobIds().has(j.id)) continue;
    const stall =
      (JSON.parse(j.config ?? "{}").tool_options?.stall_timeout_minutes as number | undefined) ?? 30;
    let last = 0;
    try {
      last = Date.parse(JSON.parse(readFileSync(j.state_file_path ?? "", "utf8")).stats.lastProgressAt);
    } catch {
      last = 0;
    }
    if (Date.now() - last > 2 * stall * MIN) {
      await transitionJob(ctx.store, j.id, "crawl_failed", ctx.now(), ctx.maxRetries, {
        crawler_status: "failed",
        crawler_stage: "stalled",
        crawler_exit_code: 3,
      });
      stuck.push(j.id);
    }
  }
  const said = [
    ...(interrupted.length
      ? [`failed interrupted job(s) ${interrupted.join(", ")} (archive retry-job resumes them)`]
      : []),
    ...(stuck.length ? [`failed stalled job(s) ${stuck.join(", ")}`] : []),
  ];
  return { ok: true, summary: said.length ? said.join("; ") : "no stalled job" };
}

export function archiveTasks(activeJobIds: () => Set<number> = () => new Set()): TaskDef[] {
  return [
    {
      name: "baseline-drift-check",
      everyMs: 7 * DAY,
      pingVar: "ARCHIVE_HC_PING_BASELINE_DRIFT",
      run: baselineDriftCheck,
    },
    {
      name: "public-surface-verify",
      everyMs: DAY,
      pingVar: "ARCHIVE_HC_PING_PUBLIC_VERIFY",
      run: publicSurfaceVerify,
    },
    {
      name: "replay-reconcile",
      everyMs: DAY,
      pingVar: "ARCHIVE_HC_PING_REPLAY_RECONCILE",
      run: replayReconcile,
    },
    {
      name: "change-tracking",
      everyMs: DAY,
      pingVar: "ARCHIVE_HC_PING_CHANGE_TRACKING",
      run: async (ctx) => {
        const r = await computeChanges(ctx.store, ctx.now);
        return { ok: true, summary: `${r.jobs} job(s) compared, ${r.changes} change(s)` };
      },
    },
    // Checks the calendar several times a day; the yearly campaign itself runs once (calendar.ts).
    {
      name: "schedule-annual",
      everyMs: 6 * 60 * MIN,
      runAtStart: true,
      pingVar: "ARCHIVE_HC_PING_SCHEDULE_ANNUAL",
      run: scheduleAnnual,
    },
    {
      name: "annual-search-verify",
      everyMs: DAY,
      pingVar: "ARCHIVE_HC_PING_ANNUAL_SEARCH_VERIFY",
      run: (ctx) => annualSearchVerify(ctx),
    },
    {
      name: "coverage-guardrails",
      everyMs: DAY,
      pingVar: "ARCHIVE_HC_PING_COVERAGE_GUARDRAILS",
      run: coverageGuardrails,
    },
    { name: "replay-smoke", everyMs: DAY, pingVar: "ARCHIVE_HC_PING_REPLAY_SMOKE", run: replaySmoke },
    {
      name: "cleanup-automation",
      everyMs: 7 * DAY,
      pingVar: "ARCHIVE_HC_PING_CLEANUP_AUTOMATION",
      run: (ctx) => cleanupTemporaryFiles(ctx),
    },
    {
      name: "crawl-auto-recovery",
      everyMs: 5 * MIN,
      // At start-up a job the previous process was crawling when it was killed is found at once.
      runAtStart: true,
      pingVar: null,
      run: (ctx) => crawlAutoRecovery(ctx, activeJobIds),
    },
  ];
}

/** Runs one task, then pings its check URL (best effort). A task that throws is reported as failed. */
export async function runTask(
  def: TaskDef,
  ctx: TaskContext,
  /** The validated Config (its ARCHIVE_HC_PING_* URLs); tests pass just those variables. */
  pingUrls: Readonly<Record<string, unknown>>,
): Promise<TaskResult & { ping: { sent: boolean; error?: string } }> {
  let result: TaskResult;
  try {
    result = await def.run(ctx);
  } catch (err) {
    result = { ok: false, summary: String((err as Error).message ?? err) };
  }
  const url = def.pingVar ? pingUrls[def.pingVar] : undefined;
  const pinged = def.pingVar
    ? await ping(typeof url === "string" && url ? url : undefined, result.ok)
    : { sent: false };
  return { ...result, ping: pinged };
}
