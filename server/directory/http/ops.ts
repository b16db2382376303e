/**
 * Admin operations routes: GET /api/v1/admin/observability (per-route figures over 5 min / 1 h /
 * 24 h and the same traffic in steps for charts, breakers, the spec's thresholds with pass/fail, the
 * implied severity) and the incident log
 * (/api/v1/admin/incidents…: open, assess severity, name the commander, the steps, with due times,
 * overdue flags, external communication and the quarterly programme report).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { isMajorSeverity, SEVERITIES } from "../../../shared/ops/incident.js";
import type { BreakerRegistry } from "../../core/breaker.js";
import { ApiError } from "../../core/errors.js";
import { shareAdminTokenLimits } from "../../core/http/admin-token.js";
import { noStore } from "../../core/http/no-store.js";
import { langQuery, responseLang } from "../../core/http/response-lang.js";
import { openapiSharedShape, shapeOperation } from "../../core/http/shared-shape.js";
import type { AppRouter, ModuleContext } from "../../core/module.js";
import { requireAdmin } from "../accounts/authenticate.js";
import type { Alerter } from "../incidents/alerts.js";
import { deadlines, type Incident, requireCommanderToOpen } from "../incidents/incident-log.js";
import { IncidentListResponse, IncidentResponse, ObservabilityResponse } from "../incidents/ops-schemas.js";
import { programmeReport, quarterRange } from "../incidents/programme-report.js";
import { sendResolvedNotice } from "../incidents/resolved-notice.js";
import { impliedSeverity, SEV_TABLE, THRESHOLDS, thresholdChecks } from "../incidents/severity.js";
import { countsTowardLatency, evaluateThresholds } from "../incidents/watchdog.js";
import { SIGNED_IN_READ, SIGNED_IN_WRITE } from "../openapi-security.js";
import type { DirectoryRepository } from "../repository.js";
import { ErrorSchema } from "../schemas.js";

const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});
const anyJson = (description: string) => ({
  description,
  content: { "application/json": { schema: z.object({ data: z.unknown() }).passthrough() } },
});
const adminErrors = { 401: err("Not signed in"), 403: err("Not an admin") };
const WINDOWS = { "5m": 5 * 60_000, "1h": 60 * 60_000, "24h": 24 * 60 * 60_000 } as const;
/** Chart steps per window: 30 points of 10 s, 60 of 1 min, 96 of 15 min. */
const STEPS = { "5m": 10_000, "1h": 60_000, "24h": 15 * 60_000 } as const;
const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
const IncidentId = z.object({
  id: z
    .string()
    .regex(/^INC-\d{8}-\d{3}$/, "an incident id INC-YYYYMMDD-NNN")
    .openapi({
      param: { name: "id", in: "path" },
      example: "INC-20260115-001",
      description: "INC-YYYYMMDD-NNN: the UTC date it was opened and its number that day.",
    }),
});
const commanderName = z.string().trim().min(1).max(120);
const MAJOR_NEEDS_COMMANDER =
  "SEV-1 and SEV-2 need a commander: naming none is a 400 naming commander (only the watchdog opens one without; it shows needsCommander until one is named, and cannot move past acknowledge before).";

const observabilityRoute = createRoute({
  method: "get",
  path: "/api/v1/admin/observability",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "Route figures, breakers, thresholds with pass/fail and the implied severity",
  description:
    "Threshold checks and the reasons for the implied severity are written in lang (figures the language's way); incident titles are as they were recorded.",
  request: {
    query: z.object({ lang: langQuery("Language of the threshold checks and severity reasons: en or fr.") }),
  },
  responses: {
    200: json("The operator view", ObservabilityResponse),
    400: err("lang is neither en nor fr"),
    ...adminErrors,
  },
});
const createIncidentRoute = createRoute({
  method: "post",
  path: "/api/v1/admin/incidents",
  security: SIGNED_IN_WRITE,
  tags: ["directory admin"],
  summary: "Open an incident (id INC-YYYYMMDD-NNN, the date in UTC)",
  description: `The id is INC-YYYYMMDD-NNN: the UTC date of opening and the day's number (it restarts at 00:00 UTC). ${MAJOR_NEEDS_COMMANDER} A SEV-1/2 gets its channel #inc-YYYYMMDD-NNN. userFacing: users see the trouble (a SEV-3 then needs external communication once it outlasts its restore target).`,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              severity: z.enum(SEVERITIES),
              title: z.string().trim().min(3).max(300),
              startedAt: z.iso.datetime({ offset: true }).optional(),
              commander: z.string().max(120).optional(),
              userFacing: z.boolean().optional(),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    201: json("Opened", IncidentResponse),
    400: err("Bad body, or a SEV-1/2 without a commander"),
    ...adminErrors,
  },
});
const severityRoute = createRoute({
  method: "post",
  path: "/api/v1/admin/incidents/{id}/severity",
  security: SIGNED_IN_WRITE,
  tags: ["directory admin"],
  summary: "Assess the severity: set or change it with a reason, once acknowledged and until resolved",
  description: `Recorded in the incident's history (action "severity"). ${MAJOR_NEEDS_COMMANDER} Becoming a SEV-1/2 creates the channel #inc-YYYYMMDD-NNN and alerts. userFacing marks whether users see the trouble.`,
  request: {
    params: IncidentId,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              severity: z.enum(SEVERITIES),
              reason: z.string().trim().min(3).max(2000),
              commander: commanderName.optional(),
              userFacing: z.boolean().optional(),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: json("Assessed", IncidentResponse),
    400: err("Not an incident id or a bad body, or a SEV-1/2 without a commander"),
    404: err("No such incident"),
    409: err("Not acknowledged yet, or already resolved"),
    ...adminErrors,
  },
});
const commanderRoute = createRoute({
  method: "post",
  path: "/api/v1/admin/incidents/{id}/commander",
  security: SIGNED_IN_WRITE,
  tags: ["directory admin"],
  summary: "Name or change the incident's commander (recorded in its history)",
  request: {
    params: IncidentId,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ commander: commanderName }).strict() } },
    },
  },
  responses: {
    200: json("Named", IncidentResponse),
    400: err("Not an incident id or a bad body"),
    404: err("No such incident"),
    409: err("The incident is closed"),
    ...adminErrors,
  },
});
const listIncidentsRoute = createRoute({
  method: "get",
  path: "/api/v1/admin/incidents",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "Incidents, newest first, with due times and overdue flags",
  request: { query: z.object({ active: z.enum(["0", "1"]).optional() }) },
  responses: { 200: json("Incidents", IncidentListResponse), 400: err("Bad parameter"), ...adminErrors },
});
const reportRoute = createRoute({
  method: "get",
  path: "/api/v1/admin/incidents/report",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "The incident programme's figures for a quarter, beside the spec's targets",
  request: { query: z.object({ quarter: z.string().regex(/^\d{4}-Q[1-4]$/, "a quarter like 2026-Q4") }) },
  responses: { 200: anyJson("Figures"), 400: err("Bad quarter"), ...adminErrors },
});
const getIncidentRoute = createRoute({
  method: "get",
  path: "/api/v1/admin/incidents/{id}",
  security: SIGNED_IN_READ,
  tags: ["directory admin"],
  summary: "One incident with its events, due times and overdue flags",
  request: { params: IncidentId },
  responses: {
    200: anyJson("The incident"),
    400: err("Not an incident id"),
    404: err("No such incident"),
    ...adminErrors,
  },
});
const actionRoute = createRoute({
  method: "post",
  path: "/api/v1/admin/incidents/{id}/{action}",
  security: SIGNED_IN_WRITE,
  tags: ["directory admin"],
  summary: "acknowledge, mitigate, resolve, review, close, or post a status update",
  description:
    "A SEV-1/2 without a commander may be acknowledged; any further step is a 409 until one is named (here in commander, or POST …/commander).",
  request: {
    params: IncidentId.extend({
      action: z.enum(["acknowledge", "mitigate", "resolve", "review", "close", "update"]),
    }),
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z
            .object({
              note: z.string().max(2000).optional(),
              falsePositive: z.boolean().optional(),
              commander: z.string().max(120).optional(),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: json("Updated", IncidentResponse),
    400: err("Not an incident id or action, or a bad body"),
    404: err("No such incident"),
    409: err("Not allowed in the current status, or a SEV-1/2 without a commander past acknowledge"),
    ...adminErrors,
  },
});

/** All /api/v1 traffic over a window in steps of `stepMs`, shaped for the dashboard's charts. */
/**
 * The chart series: requests and errors of every /api/v1 route; p95 without sign-in, as the p95
 * target reads it (countsTowardLatency), so a chart above the line means a target missed.
 */
export function chartSeries(
  metrics: ModuleContext["metrics"],
  windowMs: number,
  stepMs: number,
  now: number = Date.now(),
) {
  const points = metrics.timeline(
    windowMs,
    stepMs,
    (_method, route) => route.startsWith("/api/v1"),
    countsTowardLatency,
  );
  return {
    stepSeconds: stepMs / 1000,
    points: points.map((p) => ({
      at: new Date(p.at).toISOString(),
      requests: p.count,
      errors: p.errors,
      // The step still running has lasted only part of its length: its rate is over that part.
      ratePerMinute: p.count / (Math.min(stepMs, Math.max(1_000, now - p.at)) / 60_000),
      errorRate: p.count ? p.errors / p.count : null,
      p95: p.p95,
    })),
  };
}

const withDeadlines = (i: Incident, now = new Date()) => ({ ...i, ...deadlines(i, now) });

export function mountOpsRoutes(
  app: AppRouter,
  ctx: ModuleContext,
  repo: DirectoryRepository,
  breakers: BreakerRegistry,
  alerter: Alerter,
): void {
  // With WORKERS=N on PostgreSQL, wrong admin tokens (/metrics, health details) are counted where
  // sign-in failures are, so every process sees the same ten (core/http/admin-token.ts).
  if (ctx.database.kind === "pg") shareAdminTokenLimits(ctx.config, repo);
  app.openapi(noStore(observabilityRoute), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const lang = responseLang(c, c.req.valid("query").lang);
    const now = new Date();
    // The watchdog words its incident and alerts in English; the reader gets the same state in lang.
    const { state, incident } = await evaluateThresholds(ctx, breakers, alerter, now);
    const checks = thresholdChecks(state, lang);
    const routes = Object.fromEntries(
      Object.entries(WINDOWS).map(([name, ms]) => [
        name,
        ctx.metrics.window(ms).filter((r) => r.route.startsWith("/api/v1")),
      ]),
    );
    const series = Object.fromEntries(
      Object.entries(STEPS).map(([name, step]) => [
        name,
        chartSeries(ctx.metrics, WINDOWS[name as keyof typeof WINDOWS], step),
      ]),
    );
    return c.json(
      {
        data: {
          generatedAt: now.toISOString(),
          routes,
          series,
          breakers: state.breakers,
          thresholds: { targets: THRESHOLDS, checks, healthy: checks.every((x) => x.pass) },
          impliedSeverity: impliedSeverity(state, lang),
          autoIncident: incident ? withDeadlines(incident, now) : null,
          activeIncidents: (await repo.listIncidents({ activeOnly: true })).map((i) => withDeadlines(i, now)),
          alertDelivery: alerter.deliveryState(),
          sevTable: SEV_TABLE,
        },
      },
      200,
    );
  });

  app.openapi(createIncidentRoute, async (c) => {
    const session = await requireAdmin(c, repo, { write: true });
    const body = c.req.valid("json");
    requireCommanderToOpen(body.severity, body.commander);
    const incident = await repo.openIncident({ ...body, actor: session.user.email }, new Date());
    if (isMajorSeverity(incident.severity)) {
      alerter.send({
        kind: "incident",
        severity: incident.severity,
        text: `${incident.id} opened: ${incident.title}`,
        title: incident.title,
        incidentId: incident.id,
        channel: incident.channel,
        commander: incident.commander,
      });
    }
    return c.json({ data: withDeadlines(incident) }, 201);
  });

  app.openapi(noStore(listIncidentsRoute), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const now = new Date();
    return c.json(
      {
        data: (await repo.listIncidents({ activeOnly: c.req.valid("query").active === "1" })).map((i) =>
          withDeadlines(i, now),
        ),
      },
      200,
    );
  });

  // The report's literal segment sits where an incident id goes: one router shape for both
  // (core/http/shared-shape.ts says why), the report first as before.
  const reportOp = shapeOperation(noStore(reportRoute), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const { quarter } = c.req.valid("query");
    const range = quarterRange(quarter);
    return c.json(
      {
        data: programmeReport(
          quarter,
          await repo.listIncidents({ from: range.from, to: range.to }),
          new Date(),
        ),
      },
      200,
    );
  });

  const getIncidentOp = shapeOperation(noStore(getIncidentRoute), async (c) => {
    await requireAdmin(c, repo, { write: false });
    const { id } = c.req.valid("param");
    const incident = await repo.getIncident(id);
    if (!incident) throw new ApiError("NotFound", `No incident ${id}.`);
    return c.json({ data: { ...withDeadlines(incident), events: await repo.incidentEvents(id) } }, 200);
  });

  openapiSharedShape(app, { method: "get", path: "/api/v1/admin/incidents/:id", param: "id" }, [
    { ...reportOp, when: "report" },
    getIncidentOp,
  ]);

  // Taken before the generic /{id}/{action} route, whose action list does not include these two.
  const severityOp = shapeOperation(severityRoute, async (c) => {
    const session = await requireAdmin(c, repo, { write: true });
    const { id } = c.req.valid("param");
    const { incident, previousSeverity } = await repo.assessIncidentSeverity(
      id,
      { ...c.req.valid("json"), actor: session.user.email },
      new Date(),
    );
    if (isMajorSeverity(incident.severity) && incident.severity !== previousSeverity) {
      alerter.send({
        kind: "incident",
        severity: incident.severity,
        text: `${incident.id} now ${incident.severity} (was ${previousSeverity}): ${incident.title}`,
        title: incident.title,
        incidentId: incident.id,
        channel: incident.channel,
        commander: incident.commander,
      });
    }
    return c.json({ data: withDeadlines(incident) }, 200);
  });

  const commanderOp = shapeOperation(commanderRoute, async (c) => {
    const session = await requireAdmin(c, repo, { write: true });
    const { id } = c.req.valid("param");
    const incident = await repo.nameIncidentCommander(
      id,
      c.req.valid("json").commander,
      session.user.email,
      new Date(),
    );
    return c.json({ data: withDeadlines(incident) }, 200);
  });

  const actionOp = shapeOperation(actionRoute, async (c) => {
    const session = await requireAdmin(c, repo, { write: true });
    const { id, action } = c.req.valid("param");
    const body =
      c.req.header("content-length") && c.req.header("content-length") !== "0" ? c.req.valid("json") : {};
    const incident = await repo.advanceIncident(
      id,
      action,
      { actor: session.user.email, ...body },
      new Date(),
    );
    // The channels that heard of its opening hear that it is over.
    if (action === "resolve") sendResolvedNotice(alerter, incident, session.user.email);
    return c.json({ data: withDeadlines(incident) }, 200);
  });
  openapiSharedShape(app, { method: "post", path: "/api/v1/admin/incidents/:id/:action", param: "action" }, [
    { ...severityOp, when: "severity" },
    { ...commanderOp, when: "commander" },
    actionOp,
  ]);
}
