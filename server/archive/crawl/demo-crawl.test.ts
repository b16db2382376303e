import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ArchiveRepository, JobRow } from "../repository.js";
import { DEMO_JOB_NAMES, DEMO_TURN_MS, runSharedDemoCrawl } from "./demo-crawl.js";

/**
 * A repository holding only what the shared demo's turns read: the claimed turns (one claim per
 * turn, as the scheduled_runs table's key makes it) and whether the demo's two jobs are indexed.
 */
function turnsRepository() {
  const claimed: string[] = [];
  const attempts: string[] = [];
  let complete = false;
  const repo = {
    warcRoot: "/nowhere",
    async jobsOfSourceNamed(): Promise<JobRow[]> {
      return complete ? DEMO_JOB_NAMES.map((name) => ({ name, status: "indexed" }) as JobRow) : [];
    },
    async claimScheduledRun(task: string, slot: string): Promise<boolean> {
      attempts.push(slot);
      if (task !== "demo-crawl" || claimed.includes(slot)) return false;
      claimed.push(slot);
      // The claimer finds the demo complete at once (runDemoCrawl returns before crawling).
      complete = true;
      return true;
    },
  } as unknown as ArchiveRepository;
  return { repo, claimed, attempts, holdTurn: (slot: string) => claimed.push(slot) };
}

const options = (repo: ArchiveRepository, now: () => number) => ({
  store: repo,
  dataDir: "/nowhere",
  maxRetries: 0,
  logger: pino({ level: "silent" }),
  signal: new AbortController().signal,
  pollMs: 1,
  now,
});

describe("the demo crawl shared by processes on one database", () => {
  const turn = (i: number) => new Date(i * DEMO_TURN_MS).toISOString();

  it("leaves a turn that began just after another process claimed the last one to that process", async () => {
    const { repo, claimed, attempts, holdTurn } = turnsRepository();
    // Another process claimed turn 100 one second before it ended and is still crawling.
    holdTurn(turn(100));
    let clock = 101 * DEMO_TURN_MS - 1_000;
    // Each poll moves the clock a minute: across turn 101's start, then on until turn 102.
    const now = () => {
      const t = clock;
      clock += 60_000;
      return t;
    };
    await runSharedDemoCrawl(options(repo, now));
    // Before the fix, the waiting process claimed turn 101 seconds after the other's claim, and
    // both crawled and indexed the demo at once (twice the snapshots, tests/archive/postgres.test.ts).
    expect(attempts).not.toContain(turn(101));
    expect(claimed).toEqual([turn(100), turn(102)]);
  });

  it("claims the current turn at once when no other process holds the demo", async () => {
    const { repo, claimed } = turnsRepository();
    await runSharedDemoCrawl(options(repo, () => 100 * DEMO_TURN_MS + 5_000));
    expect(claimed).toEqual([turn(100)]);
  });
});
