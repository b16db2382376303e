/**
 * OpenAPI route definitions for the wait-time observatory (spec 000). Response bodies reuse the
 * shared zod schemas so the web app parses exactly what the server documents.
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  BENCHMARK_PERIODS,
  benchmarksSchema,
  comparisonSchema,
  hospitalListSchema,
  METRIC_FAMILIES,
  OCCUPANCY_STATUSES,
  PROVINCES,
  TREND_PERIODS,
  trendsSchema,
} from "../../shared/waittimes/schemas.js";
import { langQuery } from "../core/http/response-lang.js";
import { ErrorEnvelopeSchema } from "../core/openapi.js";

/**
 * Shared schemas may be built before @hono/zod-openapi patches zod, so each named response is
 * re-wrapped here with the patched `z` (same shape, plus its OpenAPI component name).
 */
const named = (schema: z.ZodObject<z.ZodRawShape>, name: string) => z.object(schema.shape).openapi(name);

/** The error envelope all three APIs share. */
const errorSchema = ErrorEnvelopeSchema;

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const bad = json(
  errorSchema,
  "ValidationError: a parameter is missing or not one of the allowed values (the message names it)",
);
const missing = json(errorSchema, "NotFound: no hospital has this id or slug");

const province = z.enum(PROVINCES, { error: `must be one of ${PROVINCES.join(", ")}` });

export const listHospitalsRoute = createRoute({
  method: "get",
  path: "/api/hospitals",
  tags: ["waittimes"],
  summary: "List hospitals, sorted by name, optionally for one province",
  request: {
    query: z.object({
      province: province.optional().openapi({ description: "ON, QC, AB or BC" }),
      include: z.enum(["latest"], { error: "must be latest (or left out)" }).optional().openapi({
        description:
          "latest adds each hospital's most recent figure for its methodology's metric as `latest` ({value, observed_at, unit}, or null when it never reported), so an offline app can save the list and the figures in one request",
      }),
    }),
  },
  responses: {
    200: json(
      named(hospitalListSchema, "HospitalListResponse"),
      "Hospitals with their source and methodology (and their latest figure with include=latest)",
    ),
    400: bad,
  },
});

export const trendsRoute = createRoute({
  method: "get",
  path: "/api/hospitals/{slug}/trends",
  tags: ["waittimes"],
  summary: "Historical trend of one hospital from pre-computed aggregates",
  description:
    "period 24h and 7d are hourly, 30d and 90d daily, 6m weekly, 1y monthly. Buckets without data are omitted. " +
    "metric defaults to the hospital's methodology metric family (Quebec hospitals also have STRETCHER_OCCUPANCY).",
  request: {
    params: z.object({ slug: z.string().min(1).openapi({ description: "Hospital id (slug) or alias" }) }),
    query: z.object({
      period: z
        .enum(TREND_PERIODS, { error: `must be one of ${TREND_PERIODS.join(", ")}` })
        .optional()
        .openapi({ description: "default 7d" }),
      metric: z.enum(METRIC_FAMILIES, { error: `must be one of ${METRIC_FAMILIES.join(", ")}` }).optional(),
    }),
  },
  responses: {
    200: json(named(trendsSchema, "TrendsResponse"), "Trend data points"),
    400: bad,
    404: missing,
  },
});

const hospitalRef = (which: string) =>
  z
    .string({ error: `is required: the ${which} hospital's id or slug` })
    .trim()
    .min(1, { error: `is required: the ${which} hospital's id or slug` });

export const compareRoute = createRoute({
  method: "get",
  path: "/api/compare",
  tags: ["waittimes"],
  summary: "Are two hospitals' wait-time figures comparable?",
  description:
    "comparable is true only when metric_family, start_event, end_event and statistic_type are all equal; divergence_brief is null then, and otherwise written in lang, or the language Accept-Language prefers (English otherwise). Fields are at the top level (no envelope).",
  request: {
    query: z.object({
      a: hospitalRef("first"),
      b: hospitalRef("second"),
      lang: langQuery("Language of divergence_brief: en or fr."),
      period: z
        .enum(TREND_PERIODS, { error: `must be one of ${TREND_PERIODS.join(", ")}` })
        .optional()
        .openapi({
          description:
            "The compared period, as for trends (default 1y): methodology_changes lists each hospital's methodology changes within it.",
        }),
    }),
  },
  responses: {
    200: json(named(comparisonSchema, "ComparisonResponse"), "Methodology comparison"),
    400: bad,
    404: missing,
  },
});

export const benchmarksRoute = createRoute({
  method: "get",
  path: "/api/analytics/benchmarks",
  tags: ["waittimes"],
  summary: "Province benchmarks, computed within methodology groups",
  description:
    "period defaults to 7d when omitted. With hospital_id, only that hospital and its methodology group's statistics are returned.",
  request: {
    query: z.object({
      province: z.enum(PROVINCES, { error: `is required and must be one of ${PROVINCES.join(", ")}` }),
      period: z
        .enum(BENCHMARK_PERIODS, { error: `must be one of ${BENCHMARK_PERIODS.join(", ")}` })
        .optional(),
      hospital_id: z.string().min(1).optional(),
      lang: langQuery("Language of methodology_summary.note and trend_rule: en or fr."),
    }),
  },
  responses: {
    200: json(named(benchmarksSchema, "BenchmarksResponse"), "Benchmarks"),
    400: bad,
    404: missing,
  },
});

export const occupancyResponseSchema = z
  .object({
    status: z.enum(OCCUPANCY_STATUSES),
    data: z
      .object({
        province: z.literal("QC"),
        reason: z.string().optional(),
        setup: z.string().optional(),
        freshness_window_seconds: z.number(),
        last_ingest_at: z.string().optional(),
        last_usable_ingest_at: z.string().nullable().optional(),
        hospitals_reporting: z.number().int().optional(),
        average_occupancy_percent: z.number().nullable().optional(),
        min_occupancy_percent: z.number().nullable().optional(),
        max_occupancy_percent: z.number().nullable().optional(),
        patients_waiting: z.number().optional(),
        latest_observation_at: z.string().optional(),
      })
      .catchall(z.unknown()),
  })
  .openapi("OccupancyResponse");

export const occupancyRoute = createRoute({
  method: "get",
  path: "/api/analytics/occupancy",
  tags: ["waittimes"],
  summary: "Quebec stretcher occupancy with its availability status",
  description:
    "available: real observations made within the freshness window. no_reporting_data: ingest ran but no hospital's figures were observed within the window. not_available_yet: never ingested (data says how to set it up). Top-level fields, no envelope.",
  request: {
    query: z.object({
      province: z.enum(["QC"], {
        error: "is required and must be QC: only Quebec publishes stretcher occupancy",
      }),
    }),
  },
  responses: { 200: json(occupancyResponseSchema, "Occupancy status and data"), 400: bad },
});

const qualityHospital = z
  .object({
    hospital_id: z.string(),
    name: z.string(),
    coverage: z.number().nullable(),
    calendar_time_zone: z
      .string()
      .describe(
        "The IANA time zone whose days the daily coverage dates are (the province's; UTC for Ontario).",
      ),
  })
  .catchall(z.unknown());

export const dataQualityResponseSchema = z
  .object({
    success: z.literal(true),
    data: z
      .object({
        days: z.number().int(),
        generated_at: z.string(),
        demo: z.boolean(),
        status: z.enum(["healthy", "degraded", "critical"]).optional(),
        status_rule: z.string().optional(),
        sources: z
          .array(
            z
              .object({ source_id: z.string(), status: z.string(), coverage: z.number().nullable() })
              .catchall(z.unknown()),
          )
          .optional(),
        hospital: qualityHospital.optional(),
      })
      .catchall(z.unknown()),
  })
  .openapi("DataQualityResponse");

export const dataQualityRoute = createRoute({
  method: "get",
  path: "/api/data-quality",
  tags: ["waittimes"],
  summary: "Coverage, staleness, gaps, duplicates and anomalies",
  description:
    "days defaults to 30 (1–365). Without hospital_id the report is per source with an overall status and the rule behind it.",
  request: {
    query: z.object({
      hospital_id: z.string().min(1).optional(),
      days: z.coerce
        .number({ error: "must be an integer from 1 to 365" })
        .int({ error: "must be an integer from 1 to 365" })
        .min(1, { error: "must be an integer from 1 to 365" })
        .max(365, { error: "must be an integer from 1 to 365" })
        .optional(),
      lang: langQuery("Language of notes and status_rule: en or fr."),
    }),
  },
  responses: { 200: json(dataQualityResponseSchema, "Quality metrics"), 400: bad, 404: missing },
});
