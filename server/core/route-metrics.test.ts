import { describe, expect, it } from "vitest";
import type { MethodRouteMap } from "./method-route-map.js";
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

  it("keeps each method and route apart in every view, however the pair was looked up", () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const m = new RouteMetrics(() => now);
    // A route containing a space must not run into another pair's series.
    m.record("GET", "/a", 200, 1);
    m.record("POST", "/a", 500, 2);
    m.record("GET", "/b c", 200, 3);
    m.record("GET", "/a", 200, 4);
    now += 10_000;
    m.record("GET", "/a", 200, 5);
    const stats = m.window(5 * 60_000).map((s) => [s.method, s.route, s.count, s.errorRate]);
    expect(stats).toEqual([
      ["GET", "/a", 3, 0],
      ["POST", "/a", 1, 1],
      ["GET", "/b c", 1, 0],
    ]);
    expect(m.series("GET", "/a", 60_000)).toMatchObject([{ count: 3, errors: 0 }]);
    expect(m.series("POST", "/a", 60_000)).toMatchObject([{ count: 1, errors: 1 }]);
    const fine = m.timeline(60_000, 10_000, (method, route) => method === "GET" && route === "/a");
    expect(fine.map((p) => p.count).filter(Boolean)).toEqual([2, 1]);
  });

  it("counts a window's requests however far into a minute it ends", () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 59, 900);
    const m = new RouteMetrics(() => now);
    m.record("GET", "/a", 200, 1);
    now += 200; // 12:01:00.100, a new minute
    m.record("GET", "/a", 200, 2);
    expect(m.window(60_000)[0].count).toBe(2);
    expect(m.window(5 * 60_000)[0].count).toBe(2);
  });

  it("gives the rate of steady traffic over 5 minutes, an hour and a day", () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 0);
    let now = start;
    const m = new RouteMetrics(() => now);
    // One request a second for 25 hours, the windows read 30 s into a minute.
    for (; now <= start + 25 * 3_600_000 + 30_000; now += 1000) m.record("GET", "/a", 200, 1);
    now -= 1000;
    for (const minutes of [1, 5, 60, 24 * 60]) {
      const stats = m.window(minutes * 60_000)[0];
      // Within 2%: a minute's window holds 61 requests, both of its ends included.
      expect(Math.abs(stats.ratePerMinute - 60), `${minutes} min`).toBeLessThanOrEqual(1.2);
      expect(stats.count, `${minutes} min`).toBeGreaterThanOrEqual(minutes * 60);
    }
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

describe("RouteMetrics.timeline", () => {
  it("sums the chosen routes into 10-second steps over 5 minutes, empty steps included", () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 5);
    const m = new RouteMetrics(() => now);
    m.record("GET", "/api/v1/a", 200, 10);
    m.record("GET", "/api/v1/b", 500, 30);
    m.record("GET", "/other", 200, 999);
    now += 25_000; // 12:00:30, three steps later
    m.record("GET", "/api/v1/a", 200, 50);
    const points = m.timeline(5 * 60_000, 10_000, (_method, route) => route.startsWith("/api/v1"));
    expect(points).toHaveLength(30);
    expect(points.at(-1)).toEqual({ at: Date.UTC(2026, 0, 1, 12, 0, 30), count: 1, errors: 0, p95: 50 });
    expect(points.at(-4)).toEqual({ at: Date.UTC(2026, 0, 1, 12, 0, 0), count: 2, errors: 1, p95: 30 });
    expect(points.slice(-3, -1).map((p) => p.count)).toEqual([0, 0]);
    expect(points.at(-2)?.p95).toBeNull();
    expect(points.reduce((n, p) => n + p.count, 0)).toBe(3);
    for (let i = 1; i < points.length; i++) expect(points[i].at - points[i - 1].at).toBe(10_000);
  });

  it("keeps only about 5 minutes of 10-second buckets, however long it runs", () => {
    let now = Date.UTC(2026, 0, 1);
    const m = new RouteMetrics(() => now);
    for (let s = 0; s < 3600; s += 5) {
      now = Date.UTC(2026, 0, 1) + s * 1000;
      m.record("GET", "/a", 200, 1);
    }
    const fine = (m as unknown as { recorded: MethodRouteMap<{ fine: unknown[] }> }).recorded.get(
      "GET",
      "/a",
    )?.fine;
    expect(fine?.length).toBeLessThanOrEqual(31);
    expect(m.timeline(5 * 60_000, 10_000).reduce((n, p) => n + p.count, 0)).toBe(60);
    expect(() => m.timeline(60 * 60_000, 10_000)).toThrow(RangeError);
  });

  it("merges minute buckets into 1-minute and 15-minute steps for 1 hour and 24 hours", () => {
    const start = Date.UTC(2026, 0, 1, 0, 0, 0);
    let now = start;
    const m = new RouteMetrics(() => now);
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      now = start + minute * 60_000;
      m.record("POST", "/x", minute % 2 === 0 ? 200 : 503, minute);
    }
    const hour = m.timeline(60 * 60_000, 60_000);
    expect(hour).toHaveLength(60);
    expect(hour.reduce((n, p) => n + p.count, 0)).toBe(m.window(60 * 60_000)[0].count);
    const day = m.timeline(24 * 60 * 60_000, 15 * 60_000);
    expect(day).toHaveLength(96);
    expect(day.reduce((n, p) => n + p.count, 0)).toBe(m.window(24 * 60 * 60_000)[0].count);
    expect(day.reduce((n, p) => n + p.errors, 0)).toBeCloseTo(
      m.window(24 * 60 * 60_000)[0].errorRate * m.window(24 * 60 * 60_000)[0].count,
    );
    // The newest step holds the last recording (minute 1435: 1435 % 15 = 10 → step at 1425).
    expect(day.at(-1)).toMatchObject({ at: start + 1425 * 60_000, count: 2, p95: 1435 });
  });

  it("keeps a step's p95 close while sampling a busy day's durations down", () => {
    const start = Date.UTC(2026, 0, 1, 0, 0, 0);
    let now = start;
    const m = new RouteMetrics(() => now);
    // 15 minutes × 3000 requests with durations 0..999 ms spread evenly: the true p95 is 949.
    for (let minute = 0; minute < 15; minute++) {
      now = start + minute * 60_000;
      for (let k = 0; k < 3000; k++) m.record("GET", "/busy", 200, (k * 7 + minute) % 1000);
    }
    const step = m.timeline(24 * 60 * 60_000, 15 * 60_000).at(-1);
    expect(step?.count).toBe(45_000);
    expect(step?.p95).toBeGreaterThan(920);
    expect(step?.p95).toBeLessThan(980);
  });
});
