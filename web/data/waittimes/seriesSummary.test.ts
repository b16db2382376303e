import { describe, expect, it } from "vitest";
import type { Series } from "../admin/observability";
import { metricValues, summarize } from "./seriesSummary";

const point = (at: string, requests: number, errors: number, p95: number | null) => ({
  at,
  requests,
  errors,
  ratePerMinute: requests * 6,
  errorRate: requests ? errors / requests : null,
  p95,
});
const series: Series = {
  stepSeconds: 10,
  points: [
    point("2026-11-22T12:00:00.000Z", 4, 1, 120),
    point("2026-11-22T12:00:10.000Z", 10, 0, 40),
    point("2026-11-22T12:00:20.000Z", 0, 0, null),
  ],
};

describe("series summary", () => {
  it("reads each metric, with gaps where nothing was measured", () => {
    expect(metricValues(series, "rate")).toEqual([24, 60, 0]);
    expect(metricValues(series, "errors")).toEqual([25, 0, null]);
    expect(metricValues(series, "p95")).toEqual([120, 40, null]);
  });
  it("gives the latest measured value and the peak with its time", () => {
    expect(summarize(series, "rate")).toEqual({
      latest: { value: 0, at: "2026-11-22T12:00:20.000Z" },
      peak: { value: 60, at: "2026-11-22T12:00:10.000Z" },
      requests: 14,
    });
    expect(summarize(series, "errors").latest).toEqual({ value: 0, at: "2026-11-22T12:00:10.000Z" });
    expect(summarize(series, "p95").peak).toEqual({ value: 120, at: "2026-11-22T12:00:00.000Z" });
  });
  it("has no latest or peak without traffic, except a rate of zero", () => {
    const quiet: Series = { stepSeconds: 60, points: [point("2026-11-22T12:00:00.000Z", 0, 0, null)] };
    expect(summarize(quiet, "p95")).toEqual({ latest: null, peak: null, requests: 0 });
    expect(summarize(quiet, "rate").peak).toEqual({ value: 0, at: "2026-11-22T12:00:00.000Z" });
  });
});
