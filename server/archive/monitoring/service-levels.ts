/**
 * Service-level check of spec 001 §8: degraded when an endpoint's p95 is over twice its target for
 * 5 or more consecutive minutes, its p99 over three times its target for 5 or more consecutive
 * minutes, or more than 1% of its requests time out. Latency is judged minute by minute on the last
 * five complete minutes (a minute without requests breaks the streak: nothing was measured); the
 * timeout rate and the figures shown are over the rolling 5-minute window. The p50 target is
 * tracked and shown beside p95 and p99 (`overTarget` names each percentile above its target now);
 * the spec's degraded rules use p95, p99 and timeouts only.
 */
import type { RouteMetrics } from "../../core/route-metrics.js";

const MINUTE_MS = 60_000;
export const BREACH_MINUTES = 5;

// Spec 001 §8, server-side latency targets (ms).
const TARGETS: { method: string; route: string; name: string; p50: number; p95: number; p99: number }[] = [
  { method: "GET", route: "/api/health", name: "GET /api/health", p50: 50, p95: 100, p99: 200 },
  { method: "GET", route: "/api/search", name: "GET /api/search", p50: 500, p95: 2000, p99: 5000 },
  { method: "GET", route: "/api/sources", name: "GET /api/sources", p50: 100, p95: 300, p99: 500 },
  { method: "GET", route: "/api/snapshot/:id", name: "GET /api/snapshot/{id}", p50: 100, p95: 300, p99: 500 },
  { method: "GET", route: "/api/changes", name: "GET /api/changes", p50: 200, p95: 500, p99: 1000 },
];
type Percentile = "p50" | "p95" | "p99";

export interface ServiceLevels {
  status: "ok" | "degraded";
  reasons: string[];
  endpoints: {
    endpoint: string;
    count: number;
    p50: number | null;
    p95: number | null;
    p99: number | null;
    timeoutRate: number;
    targetP50: number;
    targetP95: number;
    targetP99: number;
    /** Percentiles of the last 5 minutes above their target (informative; see the rules above). */
    overTarget: Percentile[];
  }[];
}

/** True when each of the last BREACH_MINUTES complete minutes had requests and `breached` held. */
function breachedEveryMinute(
  minutes: { minute: number; count: number; p95: number | null; p99: number | null }[],
  now: number,
  breached: (m: { p95: number | null; p99: number | null }) => boolean,
): boolean {
  const current = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  for (let k = 1; k <= BREACH_MINUTES; k++) {
    const m = minutes.find((x) => x.minute === current - k * MINUTE_MS);
    if (!m || m.count === 0 || !breached(m)) return false;
  }
  return true;
}

export function evaluateServiceLevels(metrics: RouteMetrics, now = Date.now()): ServiceLevels {
  const stats = metrics.window(5 * MINUTE_MS);
  const reasons: string[] = [];
  const endpoints: ServiceLevels["endpoints"] = [];
  for (const t of TARGETS) {
    const s = stats.find((x) => x.method === t.method && x.route === t.route);
    if (!s) continue;
    endpoints.push({
      endpoint: t.name,
      count: s.count,
      p50: s.p50,
      p95: s.p95,
      p99: s.p99,
      timeoutRate: s.timeoutRate,
      targetP50: t.p50,
      targetP95: t.p95,
      targetP99: t.p99,
      overTarget: (["p50", "p95", "p99"] as const).filter((p) => (s[p] ?? 0) > t[p]),
    });
    const minutes = metrics.series(t.method, t.route, (BREACH_MINUTES + 1) * MINUTE_MS);
    if (breachedEveryMinute(minutes, now, (m) => m.p95 !== null && m.p95 > 2 * t.p95))
      reasons.push(
        `${t.name} p95 has been over twice its ${t.p95} ms target for ${BREACH_MINUTES} consecutive minutes`,
      );
    if (breachedEveryMinute(minutes, now, (m) => m.p99 !== null && m.p99 > 3 * t.p99))
      reasons.push(
        `${t.name} p99 has been over three times its ${t.p99} ms target for ${BREACH_MINUTES} consecutive minutes`,
      );
    if (s.timeoutRate > 0.01)
      reasons.push(`${t.name} timed out on ${(s.timeoutRate * 100).toFixed(1)}% of requests (last 5 min)`);
  }
  const status = reasons.length ? "degraded" : "ok";
  lastVerdict.set(metrics, { at: now, status });
  return { status, reasons, endpoints };
}

/**
 * An evaluation costs milliseconds (percentiles over five minutes of samples) and the plain health
 * check, which monitors call constantly, needs only the verdict: it reuses one younger than this.
 */
export const VERDICT_TTL_MS = 5_000;
const lastVerdict = new WeakMap<RouteMetrics, { at: number; status: ServiceLevels["status"] }>();

export function serviceLevelStatus(metrics: RouteMetrics, now = Date.now()): ServiceLevels["status"] {
  const last = lastVerdict.get(metrics);
  if (last && now >= last.at && now - last.at < VERDICT_TTL_MS) return last.status;
  return evaluateServiceLevels(metrics, now).status;
}
