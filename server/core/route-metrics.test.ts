import { describe, expect, it } from "vitest";
import { percentile, RouteMetrics } from "./route-metrics.js";

describe("percentile", () => {
  it("matches a brute-force nearest-rank reference on random data", () => {
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(Math.random() * 300);
      const values = Array.from({ length: n }, () => Math.random() * 1000).sort((a, b) => a - b);
      for (const p of [50, 95, 99]) {
        // Reference: smallest value v such that at least p% of values are <= v.
        const reference = values.find((v) => values.filter((x) => x <= v).length / n >= p / 100);
        expect(percentile(values, p)).toBe(reference);
      }
    }
  });
  it("is null on no samples", () => expect(percentile([], 95)).toBeNull());
});

describe("RouteMetrics", () => {
  it("keeps windows apart and computes rates", () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const m = new RouteMetrics(() => now);
    m.record("GET", "/api/x", 200, 10);
    now += 10 * 60_000; // ten minutes later
    m.record("GET", "/api/x", 500, 30);
    m.record("GET", "/api/x", 404, 20);
    m.record("GET", "/api/x", 200, 40, true);
    const five = m.window(5 * 60_000)[0];
    expect(five).toMatchObject({ route: "/api/x", method: "GET", count: 3, p50: 30, p99: 40 });
    expect(five.errorRate).toBeCloseTo(1 / 3);
    expect(five.clientErrorRate).toBeCloseTo(1 / 3);
    expect(five.timeoutRate).toBeCloseTo(1 / 3);
    expect(m.window(60 * 60_000)[0].count).toBe(4);
  });

  it("drops buckets older than 24 hours", () => {
    let now = Date.UTC(2026, 0, 1);
    const m = new RouteMetrics(() => now);
    m.record("GET", "/a", 200, 1);
    now += 25 * 60 * 60_000;
    m.record("GET", "/a", 200, 2);
    expect(m.window(48 * 60 * 60_000)[0].count).toBe(1);
  });
});
