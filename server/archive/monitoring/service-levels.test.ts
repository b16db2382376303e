/** Spec 001 §8 rules: latency breaches must last 5 consecutive minutes; timeouts over 1% at once. */
import { describe, expect, it } from "vitest";
import { RouteMetrics } from "../../core/route-metrics.js";
import { BREACH_MINUTES, evaluateServiceLevels } from "./service-levels.js";

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A RouteMetrics on a clock the test moves, with `perMinute` search requests of `ms` each minute. */
function searchTraffic(minutes: number[]): { metrics: RouteMetrics; now: number } {
  let clock = START;
  const metrics = new RouteMetrics(() => clock);
  minutes.forEach((ms, i) => {
    clock = START + i * MINUTE + 1000;
    for (let k = 0; k < 20; k++) metrics.record("GET", "/api/search", 200, ms);
  });
  clock = START + minutes.length * MINUTE + 1000; // early in the next minute
  return { metrics, now: clock };
}

describe("archive service levels", () => {
  it("stays ok when search p95 is over twice its target for only four minutes", () => {
    const { metrics, now } = searchTraffic([100, 4500, 4500, 4500, 4500]);
    const levels = evaluateServiceLevels(metrics, now);
    expect(levels.status).toBe("ok");
    // The last five minutes reach back to the first minute's requests, one second into it.
    expect(levels.endpoints[0]).toMatchObject({ endpoint: "GET /api/search", count: 100 });
  });

  it("reports degraded once the breach has lasted five consecutive minutes", () => {
    const { metrics, now } = searchTraffic(Array(BREACH_MINUTES).fill(4500));
    const levels = evaluateServiceLevels(metrics, now);
    expect(levels.status).toBe("degraded");
    expect(levels.reasons).toEqual([
      "GET /api/search p95 has been over twice its 2000 ms target for 5 consecutive minutes",
    ]);
  });

  it("reports p99 over three times its target separately", () => {
    const { metrics, now } = searchTraffic(Array(BREACH_MINUTES).fill(16_000));
    expect(evaluateServiceLevels(metrics, now).reasons).toHaveLength(2);
  });

  it("a quiet minute breaks the streak: nothing was measured then", () => {
    let clock = START;
    const metrics = new RouteMetrics(() => clock);
    for (const i of [0, 1, 3, 4, 5]) {
      clock = START + i * MINUTE + 1000;
      for (let k = 0; k < 20; k++) metrics.record("GET", "/api/search", 200, 4500);
    }
    clock = START + 6 * MINUTE + 1000;
    expect(evaluateServiceLevels(metrics, clock).status).toBe("ok");
  });

  it("tracks p50 against its target beside p95 and p99, without degrading on p50 alone", () => {
    const { metrics, now } = searchTraffic(Array(BREACH_MINUTES).fill(600));
    const levels = evaluateServiceLevels(metrics, now);
    expect(levels.status).toBe("ok");
    expect(levels.endpoints).toEqual([
      {
        endpoint: "GET /api/search",
        count: 100, // the 5-minute window: all five minutes, each one's requests 1 s into it
        p50: 600,
        p95: 600,
        p99: 600,
        timeoutRate: 0,
        targetP50: 500,
        targetP95: 2000,
        targetP99: 5000,
        overTarget: ["p50"],
      },
    ]);
  });

  it("reports more than 1% timeouts at once", () => {
    let clock = START;
    const metrics = new RouteMetrics(() => clock);
    for (let k = 0; k < 98; k++) metrics.record("GET", "/api/snapshot/:id", 200, 5);
    metrics.record("GET", "/api/snapshot/:id", 503, 15_000, true);
    metrics.record("GET", "/api/snapshot/:id", 503, 15_000, true);
    clock += 1000;
    const levels = evaluateServiceLevels(metrics, clock);
    expect(levels.status).toBe("degraded");
    expect(levels.reasons).toEqual(["GET /api/snapshot/{id} timed out on 2.0% of requests (last 5 min)"]);
  });
});
