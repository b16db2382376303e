// The operator page's p95 chart reads latency as the p95 target does: without sign-in, which is
// slow on purpose, so a chart over the line beside a target met no longer happens.
import { describe, expect, it } from "vitest";
import { RouteMetrics } from "../../core/route-metrics.js";
import { chartSeries } from "./ops.js";

describe("chartSeries", () => {
  it("counts sign-ins as requests but leaves them out of p95", () => {
    const now = Date.parse("2026-11-30T12:00:30Z");
    const metrics = new RouteMetrics(() => now);
    for (let i = 0; i < 40; i++) metrics.record("GET", "/api/v1/services", 200, 10);
    for (let i = 0; i < 10; i++) metrics.record("POST", "/api/v1/auth/login", 200, 900);
    const last = chartSeries(metrics, 5 * 60_000, 30_000).points.at(-1);
    expect(last?.requests).toBe(50);
    expect(last?.p95).toBeLessThan(100); // the services' 10 ms, not the sign-ins' 900 ms
  });

  it("gives the step still running its rate over the time it has run, not over a whole step", () => {
    // 7 minutes into a 15-minute step of the 24-hour chart, 105 requests: 15 a minute, not 7.
    const stepStart = Date.parse("2026-11-30T12:00:00Z");
    const now = stepStart + 7 * 60_000;
    const metrics = new RouteMetrics(() => now);
    for (let i = 0; i < 105; i++) metrics.record("GET", "/api/v1/services", 200, 10);
    const last = chartSeries(metrics, 24 * 3_600_000, 15 * 60_000, now).points.at(-1);
    expect(last?.at).toBe(new Date(stepStart).toISOString());
    expect(last?.ratePerMinute).toBeCloseTo(15, 5);
  });
});
