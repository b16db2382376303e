/**
 * GET/HEAD /api/health, shared by the wait-time (spec 000) and archive (spec 001) APIs:
 * `{"status":"ok","checks":{"db":"ok"}}`. The plain status is the worst of every module's:
 * "degraded" (still 200) while a database refuses writes or a module reports it (the archive's
 * service levels, the directory's upstream breakers); "unhealthy" (503) when a database refuses
 * writes until an operator repairs it (a damaged journal); "error" (503) when a database check
 * fails. `details=1` adds each store's status and every module's own details (the archive adds
 * job counts per status and snapshots.total). File paths in it are shown relative to DATA_DIR.
 * Monitors call the plain answer constantly, so it runs no query on sql.js (the stores keep their
 * health current as things happen) and at most one `SELECT 1` a second per PostgreSQL schema; the
 * body is one of eight strings built once.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { isDatabaseUnavailable } from "../db/pg/errors.js";
import { databaseStatus, keptHealth, probeDatabase, refreshHealth } from "./database.js";
import { validationError } from "./errors.js";
import { sendKnown } from "./http/send.js";
import { logOutputStatus } from "./logger.js";
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
const worse = (a: Verdict, b: Verdict): Verdict => (RANK[b] > RANK[a] ? b : a);

type Mounted = { module: ServiceModule; ctx: ModuleContext };

/**
 * The plain verdict, from what each store keeps current (no query: a refused write, a damaged
 * journal, a lost lock or a failed read shows in the very next answer) and each module's own word.
 */
function overallStatus(modules: Mounted[]): { status: Verdict; dbOk: boolean } {
  let status: Verdict = "ok";
  let dbOk = true;
  for (const { module, ctx } of modules) {
    const store = keptHealth(ctx.database);
    if (!store.readable) dbOk = false;
    // A store whose disk refuses writes still serves reads: degraded, not down.
    if (!store.writable) status = worse(status, "degraded");
    // A damaged journal: the module serves reads, but its writes wait for an operator's repair.
    if (store.damaged) status = worse(status, "unhealthy");
    if (module.healthStatus) status = worse(status, module.healthStatus(ctx));
  }
  return dbOk ? { status, dbOk } : { status: "error", dbOk };
}

/** The plain answers, serialized once: there are only eight. */
const plainBodies = new Map<string, string>();
function plainBody(status: Verdict, dbOk: boolean): string {
  const key = `${status}|${dbOk}`;
  let text = plainBodies.get(key);
  if (!text) {
    text = JSON.stringify({ status, checks: { db: dbOk ? "ok" : "error" } });
    plainBodies.set(key, text);
  }
  return text;
}

const NO_STORE = { "cache-control": "no-store" };
const httpStatus = (status: Verdict) => (status === "error" || status === "unhealthy" ? 503 : 200);

async function operatorView(
  modules: Mounted[],
  startedAt: Date,
  hidePaths: PathHider,
): Promise<Record<string, unknown>> {
  // The operator asks rarely: probe each database for real (a failure also marks its kept health).
  await Promise.all(modules.map(({ ctx }) => probeDatabase(ctx.database)));
  const view: Record<string, unknown> = {
    details: {
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      stores: Object.fromEntries(
        modules.map(({ module, ctx }) => [module.name, databaseStatus(ctx.database)]),
      ),
      // Standard output on a full disk: lines dropped rather than the server stopped.
      log: logOutputStatus(),
    },
  };
  for (const { module, ctx } of modules) {
    // A module's repository answers asynchronously (another process may hold its data). When its
    // database is out of reach the view still answers: `stores` above shows the failure.
    if (!module.healthDetails) continue;
    try {
      Object.assign(view, await module.healthDetails(ctx));
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
    }
  }
  // Store errors quote the journal's absolute path, and anyone may read this view.
  return hidePathsDeep(view, hidePaths);
}

export function mountHealth(app: AppRouter, modules: Mounted[], startedAt: Date, hidePaths: PathHider) {
  const pgModules = modules.map(({ ctx }) => ctx).filter((ctx) => ctx.database.kind === "pg");
  app.openapi(route, (c) => {
    const details = c.req.query("details");
    if (details !== undefined && details !== "0" && details !== "1") {
      throw validationError('Invalid query parameter "details": expected "0" or "1".');
    }
    if (details !== "1") {
      const plain = () => {
        const { status, dbOk } = overallStatus(modules);
        return sendKnown(c, plainBody(status, dbOk), { status: httpStatus(status), headers: NO_STORE });
      };
      // PostgreSQL's kept health comes from a probe at most once a second; sql.js needs none.
      if (!pgModules.length) return plain() as never;
      return Promise.all(pgModules.map((ctx) => refreshHealth(ctx.database))).then(plain) as never;
    }
    // The operator view first: a module may refresh what its verdict reads (the archive's service
    // levels), so the verdict below is never older than the details shown beside it.
    return operatorView(modules, startedAt, hidePaths).then((view) => {
      const { status, dbOk } = overallStatus(modules);
      const checks = { db: dbOk ? ("ok" as const) : ("error" as const) };
      // A module's details never override the verdict.
      const body: z.infer<typeof healthSchema> = { status, checks, ...view };
      body.status = status;
      body.checks = checks;
      return sendKnown(c, JSON.stringify(body), { status: httpStatus(status), headers: NO_STORE });
    }) as never;
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
