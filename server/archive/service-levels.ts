/**
 * Service-level check of spec 001 §8 over the rolling 5-minute window of the shared route
 * metrics: degraded when an endpoint's p95 is over twice its target, its p99 over three times, or
 * more than 1% of its requests time out. (The window is 5 minutes, so a breach reported here has
 * lasted through that window.)
 */
import type { RouteMetrics } from "../core/route-metrics.js";

const TARGETS: { route: RegExp; name: string; p95: number; p99: number }[] = [
  { route: /^\/api\/health$/, name: "GET /api/health", p95: 100, p99: 200 },
  { route: /^\/api\/search$/, name: "GET /api/search", p95: 2000, p99: 5000 },
  { route: /^\/api\/sources$/, name: "GET /api/sources", p95: 300, p99: 500 },
  { route: /^\/api\/snapshot\/[:{]id\}?$/, name: "GET /api/snapshot/{id}", p95: 300, p99: 500 },
  { route: /^\/api\/changes$/, name: "GET /api/changes", p95: 500, p99: 1000 },
];

export interface ServiceLevels {
  status: "ok" | "degraded";
  reasons: string[];
  endpoints: {
    endpoint: string;
    count: number;
    p95: number | null;
    p99: number | null;
    timeoutRate: number;
    targetP95: number;
    targetP99: number;
  }[];
}

export function evaluateServiceLevels(metrics: RouteMetrics): ServiceLevels {
  const stats = metrics.window(5 * 60_000).filter((s) => s.method === "GET");
  const reasons: string[] = [];
  const endpoints: ServiceLevels["endpoints"] = [];
  for (const t of TARGETS) {
    const s = stats.find((x) => t.route.test(x.route));
    if (!s) continue;
    endpoints.push({
      endpoint: t.name,
      count: s.count,
      p95: s.p95,
      p99: s.p99,
      timeoutRate: s.timeoutRate,
      targetP95: t.p95,
      targetP99: t.p99,
    });
    if (s.p95 !== null && s.p95 > 2 * t.p95)
      reasons.push(`${t.name} p95 ${Math.round(s.p95)} ms is over twice its ${t.p95} ms target (last 5 min)`);
    if (s.p99 !== null && s.p99 > 3 * t.p99)
      reasons.push(
        `${t.name} p99 ${Math.round(s.p99)} ms is over three times its ${t.p99} ms target (last 5 min)`,
      );
    if (s.timeoutRate > 0.01)
      reasons.push(`${t.name} timed out on ${(s.timeoutRate * 100).toFixed(1)}% of requests (last 5 min)`);
  }
  return { status: reasons.length ? "degraded" : "ok", reasons, endpoints };
}
