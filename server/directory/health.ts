/**
 * GET /api/v1/health: `{status: healthy|degraded|unhealthy, timestamp, version}`. Unhealthy (503)
 * when the database check fails or a circuit breaker is stuck open; degraded when a breaker is open
 * or flapping, or the disk refuses writes. Admins also get the individual checks.
 */
import { readFileSync } from "node:fs";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { BreakerHealth } from "../../shared/ops/breaker.js";
import { keptHealth, refreshHealth } from "../core/database.js";
import { noStore } from "../core/http/no-store.js";
import type { AppEnv, AppRouter, ModuleContext } from "../core/module.js";
import { OPTIONALLY_SIGNED_IN } from "./openapi-security.js";
import { HealthResponse } from "./schemas.js";

export type { BreakerHealth };

export interface HealthSources {
  breakers: () => BreakerHealth[];
  isAdmin: (c: Context<AppEnv>) => Promise<boolean>;
}

export const APP_VERSION: string = (() => {
  try {
    return (
      JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version ?? "0.0.0"
    );
  } catch {
    return "0.0.0";
  }
})();

const route = createRoute({
  method: "get",
  path: "/api/v1/health",
  security: OPTIONALLY_SIGNED_IN,
  tags: ["directory"],
  summary: "Directory health (admins also get the checks)",
  responses: {
    200: { description: "healthy or degraded", content: { "application/json": { schema: HealthResponse } } },
    503: { description: "unhealthy", content: { "application/json": { schema: HealthResponse } } },
  },
});

export function assessHealth(ctx: ModuleContext, sources: HealthSources) {
  // Kept current by the store, or by the last probe on PostgreSQL (no query per request).
  const store = keptHealth(ctx.database);
  const db = store.readable;
  const breakers = sources.breakers();
  const stuck = breakers.some((b) => b.stuckOpen);
  const troubled = breakers.some((b) => b.state !== "CLOSED" || b.flapping);
  const status: "healthy" | "degraded" | "unhealthy" =
    !db || stuck || store.damaged ? "unhealthy" : troubled || !store.writable ? "degraded" : "healthy";
  return { status, checks: { database: db ? "ok" : "failed", writable: store.writable, breakers } };
}

export function mountHealthRoute(app: AppRouter, ctx: ModuleContext, sources: HealthSources): void {
  app.openapi(noStore(route), async (c) => {
    await refreshHealth(ctx.database);
    const { status, checks } = assessHealth(ctx, sources);
    const body = {
      status,
      timestamp: new Date().toISOString(),
      version: APP_VERSION,
      ...((await sources.isAdmin(c)) ? { checks } : {}),
    };
    return c.json(body, status === "unhealthy" ? 503 : 200);
  });
}
