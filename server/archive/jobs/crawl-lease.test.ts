// When a running job under this very process's id counts as interrupted: a restart can reuse the
// id (a container's process 1), but a job this process has just claimed is not yet in its list.
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import type { JobRow } from "../repository.js";
import { interruptedBecause } from "./crawl-lease.js";

const job = (updatedAt: string) =>
  ({
    id: 7,
    status: "running",
    claimed_by: `${hostname()}:${process.pid}`,
    updated_at: updatedAt,
    started_at: updatedAt,
    state_file_path: null,
    config: "{}",
  }) as unknown as JobRow;

describe("a running job claimed under this process's id", () => {
  it("is interrupted when the claim is older than this process (an earlier one with the same id)", () => {
    const before = new Date(Date.now() - process.uptime() * 1000 - 5_000).toISOString();
    expect(interruptedBecause(job(before), Date.now(), new Set())).toMatch(/no longer running/);
  });

  it("is not interrupted when this process claimed it and has not yet listed it as crawling", () => {
    const now = new Date().toISOString();
    expect(interruptedBecause(job(now), Date.now(), new Set())).toBeNull();
  });

  it("is left alone by a caller that does not know what this process crawls", () => {
    const before = new Date(Date.now() - process.uptime() * 1000 - 5_000).toISOString();
    expect(interruptedBecause(job(before), Date.parse(before) + 1_000)).toBeNull();
  });
});

describe("a running job claimed on another machine", () => {
  it("is not read as this machine's when that machine's name begins this one's (archive-1, archive-10)", () => {
    const other = hostname().slice(0, -1);
    const claimed = { ...job(new Date().toISOString()), claimed_by: `${other}:2147483646` } as JobRow;
    // Its crawler renews the lease; process 2147483646 exists on no machine here.
    expect(interruptedBecause(claimed, Date.now(), new Set())).toBeNull();
  });
});
