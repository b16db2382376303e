/**
 * What several workers and schedulers on one archive database rely on: a job goes to exactly one
 * worker, and a scheduled task runs once per schedule slot whichever scheduler sees it due first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArchiveRepository } from "../../server/archive/repository.js";
import { archiveRepository } from "../../server/archive/repository-of.js";
import type { TaskDef } from "../../server/archive/tasks/registry.js";
import { startScheduler } from "../../server/archive/tasks/scheduler.js";
import type { TaskContext } from "../../server/archive/tasks/task-context.js";
import { createLogger } from "../../server/core/logger.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

const config = { seeds: ["https://example.org/"], zimit_passthrough_args: [], tool_options: {}, scope: {} };
const HOUR = 3_600_000;
let env: Awaited<ReturnType<typeof openArchiveStore>>;
let repo: ArchiveRepository;

beforeAll(async () => {
  env = await openArchiveStore();
  repo = archiveRepository(env.store);
  await repo.ensureSources(
    [{ code: "demo", name: "Demo", base_url: null, description: null, name_fr: null, description_fr: null }],
    "2026-01-01T00:00:00.000Z",
  );
});
afterAll(async () => {
  await env?.cleanup();
});

describe("claimNextJob", () => {
  it("gives each runnable job to exactly one of several workers asking at once, oldest first", async () => {
    const now = "2026-03-01T08:00:00.000Z";
    const ids: number[] = [];
    for (const name of ["a", "b", "c"])
      ids.push((await repo.createJob({ sourceCode: "demo", name, config }, now)).id);
    const workers = ["w1", "w2", "w3", "w4", "w5"];
    const claims = await Promise.all(workers.map((w) => repo.claimNextJob(w, now)));
    const taken = claims.flatMap((j) => (j ? [j.id] : []));
    expect(taken.sort()).toEqual(ids);
    expect(claims.filter((j) => j === undefined)).toHaveLength(2);
    for (const j of claims.flatMap((c) => (c ? [c] : []))) {
      expect(j).toMatchObject({ status: "running", started_at: now, crawler_stage: "crawling" });
    }
    const owners = env.store.all<{ id: number; claimed_by: string }>(
      "SELECT id, claimed_by FROM archive_jobs ORDER BY id",
    );
    expect(new Set(owners.map((o) => o.claimed_by)).size).toBe(3);
    expect(await repo.claimNextJob("w6", now)).toBeUndefined();
  });
});

describe("claimScheduledRun", () => {
  it("answers true once per task and slot", async () => {
    expect(await repo.claimScheduledRun("replay-smoke", "2026-03-01T00:00:00.000Z")).toBe(true);
    expect(await repo.claimScheduledRun("replay-smoke", "2026-03-01T00:00:00.000Z")).toBe(false);
    expect(await repo.claimScheduledRun("baseline-drift-check", "2026-03-01T00:00:00.000Z")).toBe(true);
    expect(await repo.claimScheduledRun("replay-smoke", "2026-03-02T00:00:00.000Z")).toBe(true);
  });

  it("forgets a task's slots older than 30 days when it claims a new one, not other tasks' slots", async () => {
    expect(await repo.claimScheduledRun("cleanup-automation", "2026-01-01T00:00:00.000Z")).toBe(true);
    expect(await repo.claimScheduledRun("coverage-guardrails", "2026-01-01T00:00:00.000Z")).toBe(true);
    expect(await repo.claimScheduledRun("cleanup-automation", "2026-01-20T00:00:00.000Z")).toBe(true);
    // Still within 30 days of the newest claim: kept, so claiming it again is refused.
    expect(await repo.claimScheduledRun("cleanup-automation", "2026-01-01T00:00:00.000Z")).toBe(false);
    expect(await repo.claimScheduledRun("cleanup-automation", "2026-02-15T00:00:00.000Z")).toBe(true);
    const slots = env.store.all<{ task: string; slot: string }>(
      "SELECT task, slot FROM scheduled_runs WHERE task IN ('cleanup-automation', 'coverage-guardrails') ORDER BY task, slot",
    );
    expect(slots).toEqual([
      { task: "cleanup-automation", slot: "2026-01-20T00:00:00.000Z" },
      { task: "cleanup-automation", slot: "2026-02-15T00:00:00.000Z" },
      { task: "coverage-guardrails", slot: "2026-01-01T00:00:00.000Z" },
    ]);
  });

  it("lets two schedulers on one database run a due task once per slot", async () => {
    let clock = "2026-04-01T10:00:00.000Z";
    const runs: string[] = [];
    const task: TaskDef = {
      name: "change-tracking",
      everyMs: HOUR,
      pingVar: null,
      runAtStart: true,
      run: async () => {
        runs.push(clock);
        return { ok: true, summary: "done" };
      },
    };
    // Two processes: each its own state file (its own data folder), one shared database.
    const context = (dataDir: string): TaskContext => ({
      store: repo,
      dataDir,
      maxRetries: 0,
      request: async () => new Response(null),
      replayUrl: () => null,
      now: () => clock,
      editions: { shardMaxUrls: 500, campaignMonth: 1 },
    });
    const logger = createLogger("silent");
    const other = await openArchiveStore();
    const a = startScheduler([task], context(env.dataDir), logger, () => ({}), HOUR);
    const b = startScheduler([task], context(other.dataDir), logger, () => ({}), HOUR);
    try {
      await Promise.all([a.tick(), b.tick()]);
      expect(runs).toEqual(["2026-04-01T10:00:00.000Z"]);
      clock = "2026-04-01T10:30:00.000Z";
      await Promise.all([a.tick(), b.tick()]);
      expect(runs).toHaveLength(1);
      clock = "2026-04-01T11:05:00.000Z";
      await Promise.all([b.tick(), a.tick()]);
      expect(runs).toEqual(["2026-04-01T10:00:00.000Z", "2026-04-01T11:05:00.000Z"]);
    } finally {
      a.stop();
      b.stop();
      await other.cleanup();
    }
  });
});
