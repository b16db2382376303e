/**
 * Admin operations routes: GET /api/v1/admin/observability (per-route figures over 5 min / 1 h /
 * 24 h and the same traffic in steps for charts, breakers, the spec's thresholds with pass/fail, the
 * implied severity) and the incident log
 * (/api/v1/admin/incidents…, with due times, overdue flags and the quarterly programme report).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { BreakerRegistry } from "../core/breaker.js";
import { ApiError } from "../core/errors.js";
import { langQuery, responseLang } from "../core/http/response-lang.js";
import type { AppRouter, ModuleContext } from "../core/module.js";
import { requireAdmin } from "./accounts/authenticate.js";
import type { Alerter } from "./incidents/alerts.js";
import { deadlines, type Incident } from "./incidents/incident-log.js";
import { IncidentListResponse, IncidentResponse, ObservabilityResponse } from "./incidents/ops-schemas.js";
import { programmeReport, quarterRange } from "./incidents/programme-report.js";
import { impliedSeverity, SEV_TABLE, THRESHOLDS, thresholdChecks } from "./incidents/severity.js";
import { evaluateThresholds } from "./incidents/watchdog.js";
import { SIGNED_IN_READ, SIGNED_IN_WRITE } from "./openapi-security.js";
import type { DirectoryRepository } from "./repository.js";
import { ErrorSchema } from "./schemas.js";

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
    .openapi({ param: { name: "id", in: "path" }, example: "INC-20260115-001" }),
});

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
  summary: "Open an incident (id INC-YYYYMMDD-NNN)",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              severity: z.enum(["SEV-1", "SEV-2", "SEV-3", "SEV-4"]),
              title: z.string().trim().min(3).max(300),
              startedAt: z.iso.datetime({ offset: true }).optional(),
              commander: z.string().max(120).optional(),
            })
            .strict(),
        },
      },
    },
  },
  responses: { 201: json("Opened", IncidentResponse), 400: err("Bad body"), ...adminErrors },
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
    409: err("Not allowed in the current status"),
    ...adminErrors,
  },
});

/** All /api/v1 traffic over a window in steps of `stepMs`, shaped for the dashboard's charts. */
function chartSeries(ctx: ModuleContext, windowMs: number, stepMs: number) {
  const points = ctx.metrics.timeline(windowMs, stepMs, (_method, route) => route.startsWith("/api/v1"));
  return {
    stepSeconds: stepMs / 1000,
    points: points.map((p) => ({
      at: new Date(p.at).toISOString(),
      requests: p.count,
      errors: p.errors,
      ratePerMinute: p.count / (stepMs / 60_000),
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
  app.openapi(observabilityRoute, async (c) => {
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
        chartSeries(ctx, WINDOWS[name as keyof typeof WINDOWS], step),
      ]),
    );
    c.header("Cache-Control", "no-store");
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
    const incident = await repo.openIncident({ ...body, actor: session.user.email }, new Date());
    if (incident.severity === "SEV-1" || incident.severity === "SEV-2") {
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

  app.openapi(listIncidentsRoute, async (c) => {
    await requireAdmin(c, repo, { write: false });
    const now = new Date();
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        data: (await repo.listIncidents({ activeOnly: c.req.valid("query").active === "1" })).map((i) =>
          withDeadlines(i, now),
        ),
      },
      200,
    );
  });

  app.openapi(reportRoute, async (c) => {
    await requireAdmin(c, repo, { write: false });
    const { quarter } = c.req.valid("query");
    const range = quarterRange(quarter);
    c.header("Cache-Control", "no-store");
    return c.json(
      { data: programmeReport(quarter, await repo.listIncidents({ from: range.from, to: range.to })) },
      200,
    );
  });

  app.openapi(getIncidentRoute, async (c) => {
    await requireAdmin(c, repo, { write: false });
    const { id } = c.req.valid("param");
    const incident = await repo.getIncident(id);
    if (!incident) throw new ApiError("NotFound", `No incident ${id}.`);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { ...withDeadlines(incident), events: await repo.incidentEvents(id) } }, 200);
  });

  app.openapi(actionRoute, async (c) => {
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
    return c.json({ data: withDeadlines(incident) }, 200);
  });
}
