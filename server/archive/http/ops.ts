/**
 * GET /metrics (Prometheus text, admin token required, see core/http/admin-token.ts) and GET /api/usage
 * (daily aggregate counts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { Registry } from "prom-client";
import { deploymentMetrics, shareWithCluster } from "../../core/cluster-metrics.js";
import { serviceUnavailable, validationError } from "../../core/errors.js";
import { ADMIN_TOKEN_SECURITY, adminTokenCheck } from "../../core/http/admin-token.js";
import { noStore } from "../../core/http/no-store.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { errorResponseDoc } from "../../core/openapi.js";
import type { ArchiveMetrics } from "../monitoring/metrics.js";
import type { UsageCounter } from "../monitoring/usage.js";

const metricsRoute = createRoute({
  method: "get",
  path: "/metrics",
  summary: "Archive metrics in Prometheus text format (admin token)",
  tags: ["archive"],
  security: ADMIN_TOKEN_SECURITY,
  responses: {
    200: { description: "Prometheus exposition text", content: { "text/plain": { schema: z.string() } } },
    401: errorResponseDoc("No token sent"),
    403: errorResponseDoc("Wrong token"),
    429: errorResponseDoc("Too many wrong tokens from this address; see Retry-After"),
    503: errorResponseDoc("ARCHIVE_ADMIN_TOKEN is not configured"),
  },
});

const usageQuery = z.object({
  days: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be 1 or more")
    .max(366, "must be at most 366")
    .default(30),
});
const usageRoute = createRoute({
  method: "get",
  path: "/api/usage",
  summary:
    "Daily aggregate usage counts (searches, snapshot views, replays, exports) over the last `days` days",
  tags: ["archive"],
  request: { query: usageQuery },
  responses: {
    400: errorResponseDoc("days is not an integer from 1 to 366"),
    200: {
      description: "One row per day, oldest first",
      content: {
        "application/json": {
          schema: z.object({
            from: z.string(),
            to: z.string(),
            days: z.array(
              z.object({
                date: z.string(),
                searches: z.number(),
                snapshotViews: z.number(),
                replays: z.number(),
                exports: z.number(),
              }),
            ),
            totals: z.object({
              searches: z.number(),
              snapshotViews: z.number(),
              replays: z.number(),
              exports: z.number(),
            }),
          }),
        },
      },
    },
  },
});

export function mountOpsRoutes(
  app: AppRouter,
  ctx: ModuleContext,
  deps: { metrics: ArchiveMetrics; usage: UsageCounter },
) {
  const authorize = adminTokenCheck({
    config: ctx.config,
    unconfigured: () =>
      serviceUnavailable("Metrics are not configured: set ARCHIVE_ADMIN_TOKEN to enable /metrics"),
  });
  // The archive's families and those other modules keep for this server (core/route-metrics.ts).
  const registries = () => Registry.merge([deps.metrics.registry, ctx.metrics.prometheus]);
  // With WORKERS=N, every app process's families, aggregated (core/cluster-metrics.ts).
  shareWithCluster(registries);
  app.openapi(noStore(metricsRoute), async (c) => {
    await authorize(c);
    const { text, contentType } = await deploymentMetrics(registries);
    return c.text(text, 200, { "Content-Type": contentType });
  });

  app.openapi(usageRoute, async (c) => {
    const { days } = c.req.valid("query");
    if (days < 1) throw validationError('Invalid query parameter "days": must be 1 or more.');
    const to = new Date().toISOString().slice(0, 10);
    const fromDate = new Date();
    fromDate.setUTCDate(fromDate.getUTCDate() - (days - 1));
    const from = fromDate.toISOString().slice(0, 10);
    const rows = await deps.usage.daily(from, to);
    const totals = rows.reduce(
      (t, r) => ({
        searches: t.searches + r.searches,
        snapshotViews: t.snapshotViews + r.snapshotViews,
        replays: t.replays + r.replays,
        exports: t.exports + r.exports,
      }),
      { searches: 0, snapshotViews: 0, replays: 0, exports: 0 },
    );
    return c.json({ from, to, days: rows, totals }, 200);
  });
}
