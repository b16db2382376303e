/**
 * Request id, access log and per-route metrics for every request (request-path.ts calls them; the
 * id is echoed in the X-Request-Id header).
 * The route label is the matched template ("/api/snapshot/:id"), never the raw path, so metrics
 * stay bounded; unmatched paths are recorded as "(unmatched)".
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import { createAccessLog } from "../logger.js";
import type { AppEnv } from "../module.js";
import type { RouteMetrics } from "../route-metrics.js";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export interface Observer {
  /** The client's X-Request-Id when it is well formed, else a new one. */
  requestId(c: Context<AppEnv>): string;
  /** Records the finished request (`started` from performance.now()) in metrics and the access log. */
  record(c: Context<AppEnv>, started: number): void;
}

/** `timeoutMs`: a request that ran at least this long counts as timed out in the metrics. */
export function createObserver(
  logger: Logger,
  metrics: RouteMetrics,
  timeoutMs = Number.POSITIVE_INFINITY,
): Observer {
  const accessLog = createAccessLog(logger);
  // Unique within the process by the counter, across processes by the random prefix: a UUID's
  // randomness per request is not needed to correlate a request's lines.
  const prefix = randomBytes(6).toString("base64url");
  let counter = 0;
  return {
    requestId(c) {
      const incoming = c.req.header("x-request-id");
      if (incoming && REQUEST_ID.test(incoming)) return incoming;
      counter = counter === Number.MAX_SAFE_INTEGER ? 1 : counter + 1;
      return `${prefix}-${counter.toString(36)}`;
    },
    record(c, started) {
      const durationMs = performance.now() - started;
      const status = c.res?.status ?? 500;
      const route = routeTemplate(c);
      const timedOut = c.get("timedOut") === true || durationMs >= timeoutMs;
      const method = c.req.method;
      metrics.record(method, route, status, durationMs, timedOut);
      accessLog({
        reqId: c.get("requestId"),
        method,
        route,
        status,
        durationMs: Math.round(durationMs * 100) / 100,
      });
    },
  };
}

/**
 * The route a handler named (operations sharing one router shape, shared-shape.ts), else the last
 * matched route that is not middleware (no copy of the matched list).
 */
function routeTemplate(c: Context<AppEnv>): string {
  const named = c.get("route");
  if (named) return named;
  const matched = matchedRoutes(c);
  for (let i = matched.length - 1; i >= 0; i--) {
    const r = matched[i];
    if (r.method !== "ALL" && r.path !== "/*" && r.path !== "*") return r.path;
  }
  return c.req.path.startsWith("/api/") ? "(unmatched)" : "(static)";
}
