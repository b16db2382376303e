/**
 * GET/HEAD /api/health, shared by the wait-time (spec 000) and archive (spec 001) APIs:
 * `{"status":"ok","checks":{"db":"ok"}}`. The plain status is the worst of every module's:
 * "degraded" (still 200) while a database refuses writes or a module reports it (the archive's
 * service levels, the directory's upstream breakers); "unhealthy" (503) when a database refuses
 * writes until an operator repairs it (a damaged journal); "error" (503) when a database check
 * fails. `details=1` adds each store's status and every module's own details (the archive adds
 * job counts per status and snapshots.total). File paths in it are shown relative to DATA_DIR.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { validationError } from "./errors.js";
import type { AppRouter, ModuleContext, ModuleHealth, ServiceModule } from "./module.js";
import { errorResponseDoc } from "./openapi.js";
import { hidePathsDeep, type PathHider } from "./public-paths.js";

const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded", "unhealthy", "error"]).openapi({
      description:
        "The worst module's status. ok: healthy. degraded (HTTP 200): a database refuses writes " +
        "(reads still work), the archive misses its service levels, or one of the directory's " +
        "upstream services is failing. unhealthy (HTTP 503): a database refuses writes until an " +
        "operator repairs it (its reads still work). error (HTTP 503): a database check fails.",
    }),
    checks: z.object({ db: z.enum(["ok", "error"]) }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown())
  .openapi("Health");

const detailsParameter = {
  name: "details",
  in: "query" as const,
  required: false,
  description: "1 adds the detailed operator view",
  schema: { type: "string" as const, enum: ["0", "1"] },
};

const route = createRoute({
  method: "get",
  path: "/api/health",
  summary: "Liveness and database check (HEAD is answered too)",
  tags: ["health"],
  // Documented as a raw parameter and checked by hand: monitors call this endpoint constantly and a
  // schema validator per call costs more than the check itself.
  parameters: [detailsParameter],
  responses: {
    200: { description: "Healthy or degraded", content: { "application/json": { schema: healthSchema } } },
    400: errorResponseDoc('details is not "0" or "1"'),
    503: {
      description: "A database check failed, or a database needs an operator's repair",
      content: { "application/json": { schema: healthSchema } },
    },
  },
});

type Verdict = ModuleHealth | "unhealthy" | "error";
const RANK: Record<Verdict, number> = { ok: 0, degraded: 1, unhealthy: 2, error: 3 };
const worst = <T extends Verdict>(statuses: T[]): T => statuses.reduce((a, b) => (RANK[b] > RANK[a] ? b : a));

type Mounted = { module: ServiceModule; ctx: ModuleContext };

/** The plain verdict: the database checks, then each store's writability and each module's own word. */
function overallStatus(modules: Mounted[]): { status: Verdict; dbOk: boolean } {
  const dbOk = modules.every(({ ctx }) => ctx.store.check());
  if (!dbOk) return { status: "error", dbOk };
  const statuses: Verdict[] = ["ok"];
  for (const { module, ctx } of modules) {
    // A store whose disk refuses writes still serves reads: degraded, not down.
    const store = ctx.store.status();
    if (!store.writable) statuses.push("degraded");
    // A damaged journal: the module serves reads, but its writes wait for an operator's repair.
    if (store.damaged) statuses.push("unhealthy");
    if (module.healthStatus) statuses.push(module.healthStatus(ctx));
  }
  return { status: worst(statuses), dbOk };
}

function operatorView(modules: Mounted[], startedAt: Date, hidePaths: PathHider): Record<string, unknown> {
  const view: Record<string, unknown> = {
    details: {
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      stores: Object.fromEntries(modules.map(({ module, ctx }) => [module.name, ctx.store.status()])),
    },
  };
  for (const { module, ctx } of modules) {
    if (module.healthDetails) Object.assign(view, module.healthDetails(ctx));
  }
  // Store errors quote the journal's absolute path, and anyone may read this view.
  return hidePathsDeep(view, hidePaths);
}

export function mountHealth(app: AppRouter, modules: Mounted[], startedAt: Date, hidePaths: PathHider) {
  app.openapi(route, (c) => {
    const details = c.req.query("details");
    if (details !== undefined && details !== "0" && details !== "1") {
      throw validationError('Invalid query parameter "details": expected "0" or "1".');
    }
    // The operator view first: a module may refresh what its verdict reads (the archive's service
    // levels), so the verdict below is never older than the details shown beside it.
    const view = details === "1" ? operatorView(modules, startedAt, hidePaths) : {};
    const { status, dbOk } = overallStatus(modules);
    const checks = { db: dbOk ? ("ok" as const) : ("error" as const) };
    // A module's details never override the verdict.
    const body: z.infer<typeof healthSchema> = { status, checks, ...view };
    body.status = status;
    body.checks = checks;
    c.header("Cache-Control", "no-store");
    return c.json(body, status === "error" || status === "unhealthy" ? 503 : 200);
  });

  // HEAD is answered by the GET handler (status and headers, no body); documented on its own.
  app.openAPIRegistry.registerPath({
    method: "head",
    path: "/api/health",
    summary: "The same check as GET, status code only",
    tags: ["health"],
    parameters: [detailsParameter],
    responses: {
      200: { description: "Healthy or degraded" },
      400: { description: 'details is not "0" or "1"' },
      503: { description: "A database check failed, or a database needs an operator's repair" },
    },
  });
}
