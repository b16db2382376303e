/** Shard acceptance and the edition's status derived from its shards. */
import { describe, expect, it } from "vitest";
import type { JobRow } from "../jobs/jobs-store.js";
import { editionVerdict, judgeShard } from "./acceptance.js";
import type { DecisionRow } from "./decisions-store.js";
import type { ManifestLine } from "./manifest.js";

const O = "https://health.example.ca";

describe("shard acceptance", () => {
  const job = (status: string, extra: Partial<JobRow> = {}) =>
    ({ id: 7, status, last_stats_json: null, ...extra }) as JobRow;
  const line = (outcome: ManifestLine["outcome"], extra: Partial<ManifestLine> = {}): ManifestLine => ({
    url: `${O}/${Math.random()}`,
    shard_key: "/|en",
    outcome,
    ...extra,
  });
  const captured = (n: number) => Array.from({ length: n }, () => line("captured"));
  const gone = line("failed", { status: 404, permanent: true });
  const down = line("failed", { status: 503, permanent: false });

  it("follows the rules of docs/archive.md", () => {
    expect(judgeShard(job("running"), captured(3)).state).toBe("pending");
    expect(judgeShard(job("indexed"), [...captured(19), down])).toMatchObject({
      state: "accepted",
      reason: "19 of 20 URLs captured (95%)",
    });
    expect(
      judgeShard(job("indexed"), [...captured(8), gone, line("out_of_scope", { rule: "robots.txt" })]),
    ).toMatchObject({
      state: "accepted_gap",
      reason:
        "8 of 10 URLs captured (80%); every missing URL is explained: 1 answered HTTP 404, 1 excluded by robots.txt",
    });
    expect(judgeShard(job("indexed"), [...captured(8), gone, down])).toMatchObject({
      state: "needs_review",
      reason: "8 of 10 URLs captured (80%); 1 URL missing without explanation: 1 answered HTTP 503",
    });
    expect(judgeShard(job("indexed"), [gone, line("failed", { status: 410, permanent: true })]).state).toBe(
      "excluded",
    );
    expect(judgeShard(job("index_failed"), captured(2)).state).toBe("needs_review");
    const decision = {
      action: "accept",
      to_state: "accepted",
      reason: "known outage",
      decided_by: "ops",
      decided_at: "2026-01-09T00:00:00Z",
    } as DecisionRow;
    expect(judgeShard(job("indexed"), [down], decision)).toEqual({
      state: "accepted",
      reason: "accepted by an operator on 2026-01-09: known outage",
    });
  });

  it("derives the edition's status from its shards", () => {
    const s = (status: string, state: string) => ({
      job: job(status),
      judgement: { state, reason: null } as never,
    });
    expect(editionVerdict(true, [s("queued", "pending")]).status).toBe("planned");
    expect(editionVerdict(true, [s("indexed", "accepted"), s("running", "pending")]).status).toBe(
      "in_progress",
    );
    expect(editionVerdict(true, [s("indexed", "accepted"), s("indexed", "needs_review")])).toEqual({
      status: "needs_review",
      searchReady: true,
      researchReady: false,
    });
    expect(editionVerdict(true, [s("indexed", "accepted_gap"), s("queued", "excluded")])).toEqual({
      status: "research_ready",
      searchReady: true,
      researchReady: true,
    });
    // Only imported WARC files, no plan: searchable once indexed, coverage never judged.
    expect(editionVerdict(false, [s("indexed", "accepted")])).toEqual({
      status: "search_ready",
      searchReady: true,
      researchReady: false,
    });
    expect(editionVerdict(false, [s("running", "pending")]).status).toBe("in_progress");
  });
});
