/**
 * Request id, access log and per-route metrics for every request (the id is echoed in the
 * X-Request-Id header by response-headers.ts).
 * The route label is the matched template ("/api/snapshot/:id"), never the raw path, so metrics
 * stay bounded; unmatched paths are recorded as "(unmatched)".
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import { createAccessLog } from "../logger.js";
import type { AppEnv } from "../module.js";
import type { RouteMetrics } from "../route-metrics.js";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** `timeoutMs`: a request that ran at least this long counts as timed out in the metrics. */
export function observe(
  logger: Logger,
  metrics: RouteMetrics,
  timeoutMs = Number.POSITIVE_INFINITY,
): MiddlewareHandler<AppEnv> {
  const accessLog = createAccessLog(logger);
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const durationMs = performance.now() - started;
      const status = c.res?.status ?? 500;
      const route = routeTemplate(c);
      const timedOut = c.get("timedOut") === true || durationMs >= timeoutMs;
      metrics.record(c.req.method, route, status, durationMs, timedOut);
      accessLog({
        reqId: requestId,
        method: c.req.method,
        route,
        status,
        durationMs: Math.round(durationMs * 100) / 100,
      });
    }
  };
}

/**
 * The route a handler named (operations sharing one router shape, shared-shape.ts), else the last
 * matched route that is not middleware (no copy of the matched list).
 */
function routeTemplate(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const named = c.get("route");
  if (named) return named;
  const matched = matchedRoutes(c);
  for (let i = matched.length - 1; i >= 0; i--) {
    const r = matched[i];
    if (r.method !== "ALL" && r.path !== "/*" && r.path !== "*") return r.path;
  }
  return c.req.path.startsWith("/api/") ? "(unmatched)" : "(static)";
}
