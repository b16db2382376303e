import { describe, expect, it } from "vitest";
import { seededRandom } from "./demo-model.js";
import {
  changePercent,
  classifyTrend,
  percentile,
  percentileRank,
  quartileOfRank,
  robustOutliers,
  summarize,
} from "./statistics.js";

function randomArray(r: () => number): number[] {
  const n = 1 + Math.floor(r() * 40);
  // Integers from a small range so ties are frequent.
  return Array.from({ length: n }, () => Math.floor(r() * 30) + (r() < 0.5 ? 0 : r()));
}

/** Brute force type-7 percentile: rank position by the definition, by scanning. */
function refPercentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = (p / 100) * (s.length - 1);
  const below = s.filter((_, i) => i <= pos).length - 1;
  const above = Math.min(below + 1, s.length - 1);
  return s[below] + (pos - below) * (s[above] - s[below]);
}

describe("statistics against brute-force references", () => {
  it("percentiles, quartiles and extremes match on 500 random arrays", () => {
    const r = seededRandom(42);
    for (let trial = 0; trial < 500; trial++) {
      const values = randomArray(r);
      for (const p of [0, 10, 25, 50, 75, 90, 100]) {
        expect(percentile(values, p)).toBeCloseTo(refPercentile(values, p), 9);
      }
      const s = summarize(values);
      expect(s.min).toBe(values.reduce((a, b) => (b < a ? b : a)));
      expect(s.max).toBe(values.reduce((a, b) => (b > a ? b : a)));
      expect(s.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 9);
      expect(s.p25).toBeCloseTo(refPercentile(values, 25), 9);
      expect(s.p75).toBeCloseTo(refPercentile(values, 75), 9);
      expect(s.median).toBeCloseTo(refPercentile(values, 50), 9);
      expect(s.p25!).toBeLessThanOrEqual(s.median!);
      expect(s.median!).toBeLessThanOrEqual(s.p75!);
    }
  });

  it("percentile rank and quartile agree with counting every member", () => {
    const r = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const group = randomArray(r);
      for (const value of group) {
        let score = 0;
        for (const g of group) score += g < value ? 1 : g === value ? 0.5 : 0;
        const expected = (100 * score) / group.length;
        const rank = percentileRank(value, group)!;
        expect(rank).toBeCloseTo(expected, 9);
        const q = quartileOfRank(rank);
        expect(q).toBe(expected <= 25 ? 1 : expected <= 50 ? 2 : expected <= 75 ? 3 : 4);
      }
    }
    expect(percentileRank(3, [])).toBeNull();
  });

  it("trend is improving/stable/worsening at ±5 % against the previous period", () => {
    const r = seededRandom(99);
    for (let trial = 0; trial < 1000; trial++) {
      const prev = 1 + r() * 200;
      const cur = r() * 300;
      const change = changePercent(cur, prev)!;
      expect(change).toBeCloseTo(((cur - prev) / prev) * 100, 9);
      const expected = cur <= prev * 0.95 ? "improving" : cur >= prev * 1.05 ? "worsening" : "stable";
      // Exactly at the boundary floating point may round either way; skip those razor-edge cases.
      if (Math.abs(Math.abs(change) - 5) > 1e-9) expect(classifyTrend(change)).toBe(expected);
    }
    expect(classifyTrend(changePercent(95, 100))).toBe("improving");
    expect(classifyTrend(changePercent(105, 100))).toBe("worsening");
    expect(classifyTrend(changePercent(104.9, 100))).toBe("stable");
    expect(changePercent(10, 0)).toBeNull();
    expect(changePercent(null, 10)).toBeNull();
  });

  it("robust outliers find planted spikes and leave ordinary values alone", () => {
    const r = seededRandom(5);
    const values = Array.from({ length: 500 }, () => 40 + r() * 20);
    values[17] = 400;
    values[301] = 0.5;
    const found = robustOutliers(values).outliers.map((o) => o.index);
    expect(found).toEqual([17, 301]);
    expect(robustOutliers([5, 5, 5, 5]).outliers).toEqual([]);
  });
});
