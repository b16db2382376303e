/**
 * GET/HEAD /api/health, shared by the wait-time (spec 000) and archive (spec 001) APIs:
 * `{"status":"ok","checks":{"db":"ok"}}`; 503 with status "error" when a module database fails
 * its check. `details=1` adds each store's status and every module's own details (the archive
 * adds job counts per status and snapshots.total).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { validationError } from "./errors.js";
import type { AppRouter, ModuleContext, ServiceModule } from "./module.js";

const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded", "error"]).openapi({
      description:
        "ok when healthy; degraded while a database refuses writes (reads still work); error when a database check fails",
    }),
    checks: z.object({ db: z.enum(["ok", "error"]) }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown())
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/api/health",
  summary: "Liveness and database check (HEAD is answered too)",
  tags: ["health"],
  // Documented as a raw parameter and checked by hand: monitors call this endpoint constantly and a
  // schema validator per call costs more than the check itself.
  parameters: [
    {
      name: "details",
      in: "query",
      required: false,
      description: "1 adds the detailed operator view",
      schema: { type: "string", enum: ["0", "1"] },
    },
  ],
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: healthSchema } } },
    503: {
      description: "A database check failed",
      content: { "application/json": { schema: healthSchema } },
    },
  },
});

export function mountHealth(
  app: AppRouter,
  modules: { module: ServiceModule; ctx: ModuleContext }[],
  startedAt: Date,
) {
  app.openapi(route, (c) => {
    const dbOk = modules.every(({ ctx }) => ctx.store.check());
    // A store whose disk refuses writes still serves reads: degraded, not down.
    const writable = modules.every(({ ctx }) => ctx.store.status().writable);
    const body: z.infer<typeof healthSchema> & Record<string, unknown> = {
      status: !dbOk ? "error" : writable ? "ok" : "degraded",
      checks: { db: dbOk ? "ok" : "error" },
    };
    const details = c.req.query("details");
    if (details !== undefined && details !== "0" && details !== "1") {
      throw validationError('Invalid query parameter "details": expected "0" or "1".');
    }
    if (details === "1") {
      const operatorView: Record<string, unknown> = {
        startedAt: startedAt.toISOString(),
        uptimeSeconds: Math.round(process.uptime()),
        stores: Object.fromEntries(modules.map(({ module, ctx }) => [module.name, ctx.store.status()])),
      };
      body.details = operatorView;
      for (const { module, ctx } of modules) {
        if (module.healthDetails) Object.assign(body, module.healthDetails(ctx));
      }
    }
    c.header("Cache-Control", "no-store");
    return c.json(body, dbOk ? 200 : 503);
  });
}
