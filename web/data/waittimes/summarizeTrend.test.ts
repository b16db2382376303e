import { describe, expect, it } from "vitest";
import { summarizeTrend } from "./summarizeTrend";

const point = (value: number, min: number, max: number, sampleCount: number) => ({
  timestamp: "2026-11-01T00:00:00Z",
  value,
  min,
  max,
  sampleCount,
});

describe("summarizeTrend", () => {
  it("averages bucket values and keeps the extremes of every bucket", () => {
    expect(summarizeTrend([point(60, 40, 90, 4), point(120, 100, 200, 6)])).toEqual({
      mean: 90,
      min: 40,
      max: 200,
      reports: 10,
    });
  });

  it("returns null when nothing was reported", () => {
    expect(summarizeTrend([])).toBeNull();
  });
});
