/**
 * The operational checks run by timers: baseline drift, public surface, replay reconcile, replay
 * smoke, coverage guardrails and cleanup. Each returns ok/summary; reports go to
 * `<DATA_DIR>/archive/reports/<task>.json`.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { refreshEdition } from "../editions/refresh.js";
import { indexJob, REPLAY_INDEX, warcFilesOf } from "../index/indexer.js";
import { replayPath } from "../replay/replay-rewrite.js";
import { asArchiveRepository } from "../repository-of.js";
import type { TaskContext, TaskResult } from "./task-context.js";

function report(ctx: TaskContext, name: string, body: unknown) {
  const dir = path.join(ctx.dataDir, "archive", "reports");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ generatedAt: ctx.now(), ...(body as object) }, null, 2)}\n`,
  );
}

/**
 * Compares the last two indexed crawls of each source and shard (jobs outside editions form one
 * group per source): page counts moving by more than 25% are drift.
 */
export async function baselineDriftCheck(ctx: TaskContext): Promise<TaskResult> {
  const jobs = await asArchiveRepository(ctx.store).indexedJobCounts();
  const latestTwo = new Map<string, { code: string; shard: string | null; counts: number[] }>();
  for (const j of jobs) {
    const key = `${j.code}\u0000${j.shard_key ?? ""}`;
    const group = latestTwo.get(key) ?? { code: j.code, shard: j.shard_key, counts: [] };
    if (group.counts.length < 2) group.counts.push(j.n);
    latestTwo.set(key, group);
  }
  const drift: { source: string; shard: string | null; previous: number; latest: number; change: number }[] =
    [];
  for (const { code, shard, counts } of latestTwo.values()) {
    if (counts.length < 2) continue;
    const [latest, previous] = counts;
    const change = (latest - previous) / Math.max(previous, 1);
    if (Math.abs(change) > 0.25)
      drift.push({ source: code, shard, previous, latest, change: Math.round(change * 100) / 100 });
  }
  const sources = [...new Set(drift.map((d) => d.source))];
  report(ctx, "baseline-drift-check", { drift });
  return {
    ok: drift.length === 0,
    summary: drift.length ? `${sources.length} source(s) drifted: ${sources.join(", ")}` : "no drift",
    details: drift,
  };
}

const SURFACE = [
  "/api/health",
  "/api/sources",
  "/api/search?q=health",
  "/api/search",
  "/api/changes",
  "/api/usage",
  "/api/exports",
];
/** The web app's front page and the archive's (spec 001 §8: checked after maintenance). */
const FRONT_PAGES = ["/", "/archive"];
// The element the built index.html mounts the app in: an answer without it is not the app.
const APP_ROOT = '<div id="root">';

/** The post-maintenance check: front pages, every public endpoint, then a snapshot. */
export async function publicSurfaceVerify(ctx: TaskContext): Promise<TaskResult> {
  const failures: string[] = [];
  for (const p of FRONT_PAGES) {
    try {
      const res = await ctx.request(p);
      const body = await res.text();
      if (res.status !== 200) failures.push(`${p} answered ${res.status}`);
      else if (!/^text\/html/.test(res.headers.get("content-type") ?? "") || !body.includes(APP_ROOT))
        failures.push(`${p} answered without the web app's page`);
    } catch (err) {
      failures.push(`${p}: ${String((err as Error).message ?? err)}`);
    }
  }
  const first = await asArchiveRepository(ctx.store).firstSnapshotId();
  for (const p of [...SURFACE, ...(first ? [`/api/snapshot/${first}`] : [])]) {
    try {
      const res = await ctx.request(p);
      if (res.status !== 200) failures.push(`${p} answered ${res.status}`);
      await res.arrayBuffer();
    } catch (err) {
      failures.push(`${p}: ${String((err as Error).message ?? err)}`);
    }
  }
  report(ctx, "public-surface-verify", { failures });
  return {
    ok: failures.length === 0,
    summary: failures.length ? failures.join("; ") : "the front pages and every public endpoint answered 200",
  };
}

/** Every indexed job has its WARCs and a replay index; a missing index is rebuilt from the WARCs. */
export async function replayReconcile(ctx: TaskContext): Promise<TaskResult> {
  const problems: string[] = [];
  let rebuilt = 0;
  for (const job of await asArchiveRepository(ctx.store).jobsWithStatus("indexed")) {
    if (!warcFilesOf(job.output_dir).length) {
      problems.push(`job ${job.id}: no WARC files in ${job.output_dir}`);
      continue;
    }
    if (!existsSync(path.join(job.output_dir, REPLAY_INDEX))) {
      await indexJob(ctx.store, job, ctx.now);
      rebuilt++;
    }
  }
  report(ctx, "replay-reconcile", { problems, rebuilt });
  return {
    ok: problems.length === 0,
    summary: `${rebuilt} replay index(es) rebuilt${problems.length ? `; ${problems.join("; ")}` : ""}`,
  };
}

/** Replays the latest capture of each source and expects a 200 page with the replay banner. */
export async function replaySmoke(ctx: TaskContext): Promise<TaskResult> {
  const base = ctx.replayUrl();
  if (!base) return { ok: false, summary: "the replay listener is not running" };
  const latest = await asArchiveRepository(ctx.store).latestCapturePerSource();
  const failures: string[] = [];
  for (const s of latest) {
    try {
      const res = await fetch(`${base}${replayPath(s.job_id, s.url)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      const body = await res.text();
      if (res.status !== 200 || !body.includes("chc-replay-banner"))
        failures.push(`${s.code}: ${res.status}`);
    } catch (err) {
      failures.push(`${s.code}: ${String((err as Error).message ?? err)}`);
    }
  }
  report(ctx, "replay-smoke", { checked: latest.length, failures });
  return {
    ok: failures.length === 0,
    summary: `${latest.length - failures.length}/${latest.length} source(s) replayed`,
  };
}

/** Recounts every edition (manifest, shard acceptance); editions needing review are flagged. */
export async function coverageGuardrails(ctx: TaskContext): Promise<TaskResult> {
  const flagged: string[] = [];
  for (const e of (await asArchiveRepository(ctx.store).listEditions()).reverse()) {
    const r = await refreshEdition(ctx.store, ctx.dataDir, e.id, ctx.now());
    if (r.status === "needs_review")
      flagged.push(`edition ${r.id} (${r.year}) at ${r.captured_url_count}/${r.intended_url_count}`);
  }
  report(ctx, "coverage-guardrails", { flagged });
  return {
    ok: flagged.length === 0,
    summary: flagged.length ? `needs review: ${flagged.join("; ")}` : "every edition within its guardrails",
  };
}

/** Removes temporary crawl files of indexed jobs (WARCs and replay index stay). */
export async function cleanupTemporaryFiles(ctx: TaskContext, onlyJob?: number): Promise<TaskResult> {
  const repo = asArchiveRepository(ctx.store);
  const jobs = (await repo.jobsWithStatus("indexed")).filter(
    (j) => j.cleanup_status === "none" && (!onlyJob || j.id === onlyJob),
  );
  for (const j of jobs) {
    for (const f of ["captures.jsonl", ".archive_state.json.tmp", `${REPLAY_INDEX}.tmp`])
      rmSync(path.join(j.output_dir, f), { force: true });
    await repo.markJobCleaned(j.id, ctx.now());
  }
  return { ok: true, summary: `${jobs.length} job(s) cleaned`, details: jobs.map((j) => j.id) };
}
