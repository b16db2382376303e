/**
 * GET/HEAD /api/health, shared by the wait-time (spec 000) and archive (spec 001) APIs:
 * `{"status":"ok","checks":{"db":"ok"}}`. The plain status is the worst of every module's:
 * "degraded" (still 200) while a database refuses writes or a module reports it (the archive's
 * service levels, the directory's upstream breakers); "unhealthy" (503) when a database refuses
 * writes until an operator repairs it (a damaged journal); "error" (503) when a database check
 * fails. `checks.db` says which (the worst database's check) and `checks.databases` names each
 * module whose database is not "ok". `details=1` (the operator's view, admin token required, as
 * for /metrics) adds each store's status, the log's dropped lines and every module's own details
 * (the archive adds job counts per status and snapshots.total). File paths in it are shown
 * relative to DATA_DIR. Monitors call the plain answer constantly, so it runs no query on sql.js
 * (the stores keep their health current as things happen) and at most one `SELECT 1` a second per
 * PostgreSQL schema; each distinct body is built once.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isDatabaseUnavailable } from "../db/pg/errors.js";
import type { StoreHealth } from "../db/types.js";
import type { Config } from "./config.js";
import { databaseStatus, keptHealth, probeDatabase, refreshHealth } from "./database.js";
import { ApiError, validationError } from "./errors.js";
import { ADMIN_TOKEN_SECURITY, adminTokenCheck, registerAdminTokenSchemes } from "./http/admin-token.js";
import { NO_STORE_HEADERS } from "./http/no-store.js";
import { sendKnown } from "./http/send.js";
import { logOutputStatus } from "./logger.js";
import type { AppEnv, AppRouter, ModuleContext, ModuleHealth, ServiceModule } from "./module.js";
import { errorResponseDoc } from "./openapi.js";
import { hidePathsDeep, type PathHider } from "./public-paths.js";

const DB_CHECKS = ["ok", "writes_refused", "journal_damaged", "error"] as const;
type DbCheck = (typeof DB_CHECKS)[number];

const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded", "unhealthy", "error"]).openapi({
      description:
        "The worst module's status. ok: healthy. degraded (HTTP 200): a database refuses writes " +
        "(reads still work), the archive misses its service levels, or one of the directory's " +
        "upstream services is failing. unhealthy (HTTP 503): a database refuses writes until an " +
        "operator repairs it (its reads still work). error (HTTP 503): a database check fails.",
    }),
    checks: z.object({
      db: z.enum(DB_CHECKS).openapi({
        description:
          "The worst database's check. ok; writes_refused: its disk refuses writes (full, read-only, " +
          "the lock lost), reads still work; journal_damaged: writes wait for an operator's " +
          "`db repair`, reads still work; error: its reads fail or it is out of reach.",
      }),
      databases: z.record(z.string(), z.enum(DB_CHECKS)).optional().openapi({
        description: "Each module whose database is not ok, with its check; absent when all are ok",
      }),
    }),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description:
          "With details=1: startedAt, uptimeSeconds, stores (each database's status and last error) " +
          "and log (droppedLines: log lines standard output refused or fell behind on, lastError, " +
          "lastErrorAt)",
      }),
  })
  .catchall(z.unknown())
  .openapi("Health");

const detailsParameter = {
  name: "details",
  in: "query" as const,
  required: false,
  description:
    "1 adds the detailed operator view; it needs the admin token (ARCHIVE_ADMIN_TOKEN) as " +
    "Authorization: Bearer <token> or X-Admin-Token: <token>. The plain answer is public.",
  schema: { type: "string" as const, enum: ["0", "1"] },
};

// Every health answer is fresh: never stored, so never revalidated (no ETag, no 304). Documented as
// noStore routes are (http/no-store.ts); the handler sends the header itself (NO_STORE below)
// rather than through a step before it, as monitors call it constantly.

const route = createRoute({
  method: "get",
  path: "/api/health",
  summary: "Liveness and database check (HEAD is answered too)",
  tags: ["health"],
  // Documented as a raw parameter and checked by hand: monitors call this endpoint constantly and a
  // schema validator per call costs more than the check itself.
  parameters: [detailsParameter],
  // The token is needed only with details=1: the empty requirement leaves the plain answer public.
  security: [{}, ...ADMIN_TOKEN_SECURITY],
  responses: {
    200: {
      description: "Healthy or degraded",
      headers: NO_STORE_HEADERS,
      content: { "application/json": { schema: healthSchema } },
    },
    400: errorResponseDoc('details is not "0" or "1"'),
    401: errorResponseDoc("details=1 without the admin token"),
    403: errorResponseDoc("details=1 with a wrong admin token, or no ARCHIVE_ADMIN_TOKEN configured"),
    429: errorResponseDoc("Too many wrong admin tokens from this address; see Retry-After"),
    503: {
      description: "A database check failed, or a database needs an operator's repair",
      headers: NO_STORE_HEADERS,
      content: { "application/json": { schema: healthSchema } },
    },
  },
});

type Verdict = ModuleHealth | "unhealthy" | "error";
const RANK: Record<Verdict, number> = { ok: 0, degraded: 1, unhealthy: 2, error: 3 };
const worse = (a: Verdict, b: Verdict): Verdict => (RANK[b] > RANK[a] ? b : a);

type Mounted = { module: ServiceModule; ctx: ModuleContext };

/** What a database's kept health says, worst first: unreadable, damaged, refusing writes. */
function storeCheck(store: StoreHealth): DbCheck {
  if (!store.readable) return "error";
  if (store.damaged) return "journal_damaged";
  if (!store.writable) return "writes_refused";
  return "ok";
}
const CHECK_RANK: Record<DbCheck, number> = { ok: 0, writes_refused: 1, journal_damaged: 2, error: 3 };
/** The status each database check implies at least. */
const CHECK_STATUS: Record<DbCheck, Verdict> = {
  ok: "ok",
  // A store whose disk refuses writes still serves reads: degraded, not down.
  writes_refused: "degraded",
  // A damaged journal: the module serves reads, but its writes wait for an operator's repair.
  journal_damaged: "unhealthy",
  error: "error",
};

type Checks = { db: DbCheck; databases?: Record<string, DbCheck> };

/**
 * The plain verdict, from what each store keeps current (no query: a refused write, a damaged
 * journal, a lost lock or a failed read shows in the very next answer) and each module's own word.
 */
function overallStatus(modules: Mounted[]): { status: Verdict; checks: Checks } {
  let status: Verdict = "ok";
  const checks: Checks = { db: "ok" };
  for (const { module, ctx } of modules) {
    const check = storeCheck(keptHealth(ctx.database));
    if (check !== "ok") {
      checks.databases = { ...checks.databases, [module.name]: check };
      if (CHECK_RANK[check] > CHECK_RANK[checks.db]) checks.db = check;
      status = worse(status, CHECK_STATUS[check]);
    }
    if (module.healthStatus) status = worse(status, module.healthStatus(ctx));
  }
  return { status, checks };
}

/** The plain answers, serialized once each: a handful of status and check combinations. */
const plainBodies = new Map<string, string>();
function plainBody(status: Verdict, checks: Checks): string {
  const key = checks.databases ? `${status}|${JSON.stringify(checks.databases)}` : status;
  let text = plainBodies.get(key);
  if (!text) {
    text = JSON.stringify({ status, checks });
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
  // Store errors quote the journal's absolute path: the operator needs no more than DATA_DIR's part.
  return hidePathsDeep(view, hidePaths);
}

export function mountHealth(
  app: AppRouter,
  config: Pick<Config, "ARCHIVE_ADMIN_TOKEN" | "TRUST_PROXY">,
  modules: Mounted[],
  startedAt: Date,
  hidePaths: PathHider,
) {
  const pgModules = modules.map(({ ctx }) => ctx).filter((ctx) => ctx.database.kind === "pg");
  registerAdminTokenSchemes(app);
  // The same token, check and wrong-token limit as /metrics. Off without a token: a 503 here would
  // read as "the server is down" to a monitor, so the answer is 403 saying how to enable it.
  const authorize = adminTokenCheck({
    config,
    unconfigured: () =>
      new ApiError(
        "Forbidden",
        "The detailed health view is off: set ARCHIVE_ADMIN_TOKEN (at least 16 characters) and send it " +
          "as Authorization: Bearer <token> or X-Admin-Token: <token>",
      ),
  });
  // Declared once, not per request: a closure made in the handler is an allocation on every call.
  const plain = (c: Context<AppEnv>) => {
    const { status, checks } = overallStatus(modules);
    return sendKnown(c, plainBody(status, checks), { status: httpStatus(status), headers: NO_STORE });
  };
  app.openapi(route, (c) => {
    const details = c.req.query("details");
    if (details !== undefined && details !== "0" && details !== "1") {
      throw validationError('Invalid query parameter "details": expected "0" or "1".');
    }
    if (details !== "1") {
      // PostgreSQL's kept health comes from a probe at most once a second; sql.js needs none.
      if (!pgModules.length) return plain(c) as never;
      return Promise.all(pgModules.map((ctx) => refreshHealth(ctx.database))).then(() => plain(c)) as never;
    }
    // The operator view first: a module may refresh what its verdict reads (the archive's service
    // levels), so the verdict below is never older than the details shown beside it.
    return authorize(c)
      .then(() => operatorView(modules, startedAt, hidePaths))
      .then((view) => {
        const { status, checks } = overallStatus(modules);
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
    security: [{}, ...ADMIN_TOKEN_SECURITY],
    responses: {
      200: { description: "Healthy or degraded", headers: NO_STORE_HEADERS },
      400: { description: 'details is not "0" or "1"' },
      401: { description: "details=1 without the admin token" },
      403: { description: "details=1 with a wrong admin token, or no ARCHIVE_ADMIN_TOKEN configured" },
      429: { description: "Too many wrong admin tokens from this address" },
      503: {
        description: "A database check failed, or a database needs an operator's repair",
        headers: NO_STORE_HEADERS,
      },
    },
  });
}
