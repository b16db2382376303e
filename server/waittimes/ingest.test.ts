import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFixture } from "../../tests/helpers/waittimes/feed-fixtures.js";
import { openTestStore, repoOf } from "../../tests/helpers/waittimes/store.js";
import type { Store } from "../db/types.js";
import { ingestFeed } from "./ingest.js";

const NOW = Date.parse("2026-11-21T00:00:00Z");
const text = readFixture;
/** 1-based line of the object holding the first occurrence (the fixture's layout may be reformatted). */
const lineOf = (src: string, needle: string) =>
  src.slice(0, src.lastIndexOf("{", src.indexOf(needle))).split("\n").length;
let store: Store;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ store, cleanup } = await openTestStore());
});
afterEach(async () => cleanup());

const count = (sql: string, params: (string | number)[] = []) =>
  Number(Object.values(store.get(sql, params)!)[0]);

describe("ingestFeed", () => {
  it("imports good rows, reports each bad row with line and reason, and keeps aggregates in step", async () => {
    const r = await ingestFeed(repoOf(store), {
      sourceId: "alberta-ahs",
      kind: "import",
      text: text("alberta-ahs.json"),
      now: NOW,
    });
    expect(r.outcome).toBe("partial");
    expect(r.accepted).toBe(4);
    const src = text("alberta-ahs.json");
    expect(r.errors).toEqual([
      { line: lineOf(src, '"soon"'), reason: 'WaitTime "soon" is not a number' },
      {
        line: lineOf(src, "Nobody"),
        reason: 'unknown hospital "Hospital Nobody Has Heard Of" for source alberta-ahs',
      },
    ]);
    expect(count("SELECT COUNT(*) FROM measurements")).toBe(4);
    const run = store.get<Record<string, number | string>>("SELECT * FROM ingest_runs WHERE id = ?", [
      r.runId,
    ])!;
    expect([run.outcome, run.rows_accepted, run.rows_rejected]).toEqual(["partial", 4, 2]);
    expect(count("SELECT COUNT(*) FROM ingest_row_errors WHERE run_id = ?", [r.runId])).toBe(2);
    // Each accepted row lands in its day, week and month bucket (hourly is retained for recent data only).
    for (const grain of ["h", "d", "w", "m"])
      expect(count("SELECT SUM(n) FROM aggregates WHERE grain = ?", [grain])).toBe(4);
    const foothills = store.get<{ value: number }>(
      "SELECT l.value FROM latest l JOIN hospitals h ON h.hid = l.hid WHERE h.id = 'ca-ab-foothills-medical-centre'",
    );
    expect(foothills?.value).toBe(135);
  });

  it("is idempotent: the same file again adds nothing", async () => {
    await ingestFeed(repoOf(store), {
      sourceId: "quebec-msss",
      kind: "import",
      text: text("quebec-msss.csv"),
      now: NOW,
    });
    const before = count("SELECT COUNT(*) FROM measurements");
    const aggBefore = count("SELECT SUM(n) FROM aggregates");
    const again = await ingestFeed(repoOf(store), {
      sourceId: "quebec-msss",
      kind: "import",
      text: text("quebec-msss.csv"),
      now: NOW,
    });
    expect(again.outcome).toBe("already_imported");
    expect(count("SELECT COUNT(*) FROM measurements")).toBe(before);
    expect(count("SELECT SUM(n) FROM aggregates")).toBe(aggBefore);
    expect(count("SELECT COUNT(*) FROM occupancy_observations")).toBe(3);
  });

  it("an identical polled feed is 'unchanged'; a new feed repeating observations stores duplicates", async () => {
    const feed = text("bc-phsa.json");
    await ingestFeed(repoOf(store), { sourceId: "bc-phsa", kind: "poll", text: feed, now: NOW });
    const same = await ingestFeed(repoOf(store), { sourceId: "bc-phsa", kind: "poll", text: feed, now: NOW });
    expect(same.outcome).toBe("unchanged");
    expect(count("SELECT COUNT(*) FROM measurement_duplicates")).toBe(0);
    // The publisher re-stamped the file but the facilities' figures did not move.
    const restamped = feed.replace("2026-11-20T16:05:00Z", "2026-11-20T16:10:00Z");
    expect(restamped).not.toBe(feed);
    const second = await ingestFeed(repoOf(store), {
      sourceId: "bc-phsa",
      kind: "poll",
      text: restamped,
      now: NOW,
    });
    expect(second.duplicates).toBe(2);
    expect(count("SELECT COUNT(*) FROM measurements")).toBe(2);
    expect(count("SELECT COUNT(*) FROM measurement_duplicates")).toBe(2);
  });

  it("strict mode imports nothing from a file with a bad row, and still records the run", async () => {
    const r = await ingestFeed(repoOf(store), {
      sourceId: "ontario-health",
      kind: "import",
      text: text("ontario-health.csv"),
      strict: true,
      now: NOW,
    });
    expect(r.outcome).toBe("rejected");
    expect(r.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(count("SELECT COUNT(*) FROM measurements")).toBe(0);
    expect(count("SELECT COUNT(*) FROM aggregates")).toBe(0);
    expect(count("SELECT COUNT(*) FROM ingest_runs WHERE outcome = 'rejected'")).toBe(1);
    // Without strict the good rows go in, matched through the geocoded aliases.
    const loose = await ingestFeed(repoOf(store), {
      sourceId: "ontario-health",
      kind: "import",
      text: text("ontario-health.csv"),
      now: NOW,
    });
    expect(loose.accepted).toBe(3);
    const ids = store
      .all<{ id: string }>("SELECT h.id FROM measurements m JOIN hospitals h ON h.hid = m.hid ORDER BY h.id")
      .map((r) => r.id);
    expect(ids).toEqual(["ca-on-kingston-health-sciences-centre", "ca-on-montfort", "ca-on-ottawa-civic"]);
  });

  it("an unreadable file is a failed run with a format error", async () => {
    const r = await ingestFeed(repoOf(store), {
      sourceId: "alberta-ahs",
      kind: "import",
      text: "<html>",
      now: NOW,
    });
    expect([r.outcome, r.errorCategory]).toEqual(["failed", "format"]);
    expect(count("SELECT COUNT(*) FROM ingest_runs WHERE outcome = 'failed'")).toBe(1);
  });
});
