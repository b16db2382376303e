import { describe, expect, it } from "vitest";
import { changesQuery, compareAddress, feedAddress, markedReplayAddress, readChangeFilters } from "./changes";

describe("change feed filters", () => {
  it("reads source, dates, the noise switch and the page", () => {
    expect(
      readChangeFilters({
        source: "demo",
        type: "removed",
        from: "2025-01-01",
        to: "2025-02-01",
        includeNoise: "true",
        significance: "moderate",
        page: "2",
      }),
    ).toEqual({
      source: "demo",
      type: "removed",
      from: "2025-01-01",
      to: "2025-02-01",
      includeNoise: true,
      significance: "moderate",
      page: 2,
    });
    expect(readChangeFilters({ includeNoise: "1" }).includeNoise).toBe(true);
    expect(readChangeFilters({ includeNoise: "yes" }).includeNoise).toBe(false);
  });

  it("ignores malformed values", () => {
    expect(
      readChangeFilters({
        source: "../x",
        type: "deleted",
        from: "2025-02-30x",
        significance: "huge",
        page: "abc",
      }),
    ).toEqual({
      source: "",
      type: "",
      from: "",
      to: "",
      includeNoise: false,
      significance: "",
      page: 1,
    });
  });

  it("builds the query with defaults left out and dates in order", () => {
    expect(changesQuery(readChangeFilters({}))).toBe("");
    expect(
      changesQuery({
        source: "hc",
        type: "new_page",
        from: "2025-03-01",
        to: "2025-01-01",
        includeNoise: true,
        significance: "major",
        page: 4,
      }),
    ).toBe(
      "source=hc&from=2025-01-01&to=2025-03-01&type=new_page&includeNoise=true&significance=major&page=4",
    );
  });

  it("gives the Atom feed of the same filters in the reader's language, from its first entry", () => {
    const f = readChangeFilters({ source: "demo", significance: "minor", page: "3" });
    expect(feedAddress(f, "fr")).toBe("/api/changes.atom?source=demo&significance=minor&lang=fr");
  });

  it("links two captures to the app's compare page", () => {
    expect(compareAddress(12, 40)).toBe("/archive/compare?from=12&to=40");
  });

  it("asks the replay for the later capture marked since the earlier, opened at a passage's mark", () => {
    const replay = "http://127.0.0.1:8081/job-3/https://x.example/a?b=1&ts=20250101000000";
    expect(markedReplayAddress(replay, 12)).toBe(`${replay}&marks-since=12#chc-change-1`);
    expect(markedReplayAddress(replay, 12, 4)).toBe(`${replay}&marks-since=12#chc-change-4`);
  });
});
