/**
 * Response schemas of the operations routes (http/ops.ts), as they appear in /api/openapi.json:
 * the observability view with its chart series, and incidents with their due times and overdue flags.
 */
import { z } from "@hono/zod-openapi";
import { breakerHealthSchema } from "../../../shared/ops/breaker.js";
import { INCIDENT_SOURCES, INCIDENT_STATUSES, SEVERITIES } from "../../../shared/ops/incident.js";

const iso = z.string().openapi({ description: "ISO 8601 time (UTC)." });
const ms = z.number().nullable().openapi({ description: "Milliseconds; null when nothing was measured." });

const RouteWindowStats = z.object({
  route: z.string(),
  method: z.string(),
  count: z.number().int(),
  ratePerMinute: z.number(),
  errorRate: z.number(),
  clientErrorRate: z.number(),
  timeoutRate: z.number(),
  p50: ms,
  p95: ms,
  p99: ms,
});

export const SeriesPoint = z
  .object({
    at: iso.openapi({ description: "Start of the step." }),
    requests: z.number().int(),
    errors: z.number().int().openapi({ description: "Answers with a 5xx status." }),
    ratePerMinute: z.number().openapi({
      description:
        "Requests per minute over the step; for the step still running, over the part of it that has passed.",
    }),
    errorRate: z
      .number()
      .nullable()
      .openapi({ description: "Share of 5xx answers (0..1); null without requests." }),
    p95: ms.openapi({
      description:
        "95th percentile of response time, ms, sign-in left out (slow on purpose, as the p95 target reads it); null without requests.",
    }),
  })
  .openapi("ObservabilitySeriesPoint");

const Series = z.object({
  stepSeconds: z.number().int(),
  points: z.array(SeriesPoint),
});

const windows = <T extends z.ZodType>(item: T) => z.object({ "5m": item, "1h": item, "24h": item });

const Due = z.object({
  acknowledge: iso,
  mitigate: iso.nullable(),
  restore: iso,
  nextUpdate: iso.nullable(),
  review: iso.nullable(),
  externalCommunication: iso.nullable().openapi({
    description:
      "When external communication becomes due: SEV-1 at once, SEV-2 after 2 hours, a user-facing SEV-3 after its restore target (24 hours); null: never (SEV-4, a SEV-3 users do not see).",
  }),
});
const Overdue = z.object({
  acknowledge: z.boolean(),
  mitigate: z.boolean(),
  restore: z.boolean(),
  update: z.boolean(),
  review: z.boolean(),
});

export const IncidentSchema = z
  .object({
    id: z.string().openapi({
      example: "INC-20261122-001",
      description:
        "INC-YYYYMMDD-NNN: the UTC date it was opened and its number that day (restarting at 00:00 UTC).",
    }),
    severity: z.enum(SEVERITIES),
    title: z.string(),
    status: z.enum(INCIDENT_STATUSES),
    source: z.enum(INCIDENT_SOURCES),
    breachKey: z.string().nullable(),
    commander: z.string().nullable(),
    channel: z
      .string()
      .nullable()
      .openapi({ description: "#inc-YYYYMMDD-NNN for a SEV-1/2, from opening or escalation." }),
    userFacing: z.boolean(),
    falsePositive: z.boolean(),
    startedAt: iso,
    detectedAt: iso,
    acknowledgedAt: iso.nullable(),
    mitigatedAt: iso.nullable(),
    resolvedAt: iso.nullable(),
    reviewedAt: iso.nullable(),
    closedAt: iso.nullable(),
    lastUpdateAt: iso.nullable(),
    due: Due,
    overdue: Overdue,
    externalCommunication: z
      .string()
      .openapi({ description: "The SEV table's rule for external communication." }),
    externalCommunicationDue: z.boolean().openapi({
      description: "The incident has lasted (until now, or until resolved) past due.externalCommunication.",
    }),
    needsCommander: z.boolean().openapi({ description: "A SEV-1/2 with no commander named yet." }),
  })
  .openapi("Incident");

export const IncidentResponse = z.object({ data: IncidentSchema }).openapi("IncidentResponse");
export const IncidentListResponse = z.object({ data: z.array(IncidentSchema) }).openapi("IncidentList");

export const ObservabilityResponse = z
  .object({
    data: z.object({
      generatedAt: iso,
      routes: windows(z.array(RouteWindowStats)),
      series: windows(Series).openapi({
        description:
          "All /api/v1 traffic in steps: 10 s over the last 5 minutes, 1 min over the last hour, 15 min over the last 24 hours.",
      }),
      breakers: z.array(breakerHealthSchema),
      thresholds: z.object({
        targets: z.object({ errorRate: z.number(), p95Ms: z.number(), breaker: z.string() }),
        checks: z.array(
          z.object({ name: z.string(), target: z.string(), value: z.string(), pass: z.boolean() }),
        ),
        healthy: z.boolean(),
      }),
      impliedSeverity: z.object({ severity: z.string(), reasons: z.array(z.string()) }).nullable(),
      autoIncident: IncidentSchema.nullable(),
      activeIncidents: z.array(IncidentSchema),
      alertDelivery: z
        .object({
          channels: z.array(
            z.object({
              name: z.enum(["chat", "mail"]),
              configured: z.boolean(),
              lastDeliveredAt: iso.nullable(),
              lastFailedAt: iso.nullable(),
            }),
          ),
          undelivered: z.object({
            count: z.number().int(),
            lastAt: iso.nullable(),
            lastIncidentId: z.string().nullable(),
          }),
        })
        .openapi({
          description:
            "How this process's alerts went out: each channel's last delivery and last failure (after its retries), and the alerts that no configured channel delivered.",
        }),
      sevTable: z.record(z.string(), z.unknown()),
    }),
  })
  .openapi("Observability");
