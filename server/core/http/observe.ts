/**
 * Request id, access log and per-route metrics for every request.
 * The route label is the matched template ("/api/snapshot/:id"), never the raw path, so metrics
 * stay bounded; unmatched paths are recorded as "(unmatched)".
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import { createAccessLogger } from "../logger.js";
import type { AppEnv } from "../module.js";
import type { RouteMetrics } from "../route-metrics.js";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** `timeoutMs`: a request that ran at least this long counts as timed out in the metrics. */
export function observe(
  logger: Logger,
  metrics: RouteMetrics,
  timeoutMs = Number.POSITIVE_INFINITY,
): MiddlewareHandler<AppEnv> {
  const accessLog = createAccessLogger(logger);
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
      c.res?.headers.set("X-Request-Id", requestId);
      const timedOut = c.get("timedOut") === true || durationMs >= timeoutMs;
      metrics.record(c.req.method, route, status, durationMs, timedOut);
      accessLog.info(
        {
          reqId: requestId,
          method: c.req.method,
          route,
          status,
          durationMs: Math.round(durationMs * 100) / 100,
        },
        "request",
      );
    }
  };
}

function routeTemplate(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== "ALL" && r.path !== "/*" && r.path !== "*");
  const last = handlers[handlers.length - 1];
  if (last) return last.path;
  return c.req.path.startsWith("/api/") ? "(unmatched)" : "(static)";
}
