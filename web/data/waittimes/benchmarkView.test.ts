import { describe, expect, it } from "vitest";
import type { Benchmarks, HospitalBenchmark } from "../../../shared/waittimes/schemas";
import { groupViews, trendArrow } from "./benchmarkView";

const m = {
  metric_family: "TIME_TO_PROVIDER",
  start_event: "TRIAGE",
  end_event: "PHYSICIAN",
  statistic_type: "P90",
} as const;
const stats = { mean: 100, median: 100, p25: 80, p75: 120, min: 60, max: 140, n: 3 };
const h = (
  name: string,
  group: string,
  mean: number | null,
  percentile: number | null,
): HospitalBenchmark => ({
  hospital_id: name.toLowerCase(),
  name,
  group,
  current_value: null,
  current_observed_at: null,
  period_mean: mean,
  previous_period_mean: null,
  percentile,
  quartile: null,
  trend: null,
  change_percent: null,
});

const data = {
  groups: [
    { key: "A", methodology: m, hospital_count: 4, statistics: stats },
    { key: "B", methodology: { ...m, statistic_type: "MEAN" }, hospital_count: 1, statistics: stats },
  ],
  hospitals: [
    h("Zed", "A", 140, 83.3),
    h("Alpha", "A", null, null),
    h("Mid", "A", 100, 50),
    h("Low", "A", 60, 16.7),
    h("Other", "B", 90, 50),
  ],
} as unknown as Benchmarks;

describe("groupViews", () => {
  it("keeps each group's hospitals apart, ranked, with unranked ones last", () => {
    const [a, b] = groupViews(data);
    expect(a.hospitals.map((x) => x.name)).toEqual(["Low", "Mid", "Zed", "Alpha"]);
    expect(a.sortedMeans).toEqual([60, 100, 140]);
    expect(b.hospitals.map((x) => x.name)).toEqual(["Other"]);
    expect(b.sortedMeans).toEqual([90]);
  });
});

describe("trendArrow", () => {
  it("points down when waits improve and up when they worsen", () => {
    expect(trendArrow("improving").arrow).toBe("↓");
    expect(trendArrow("worsening").arrow).toBe("↑");
    expect(trendArrow("stable").arrow).toBe("→");
    expect(trendArrow(null).arrow).toBe("·");
    expect(trendArrow("worsening").className).toContain("trend-worsening");
  });
});
