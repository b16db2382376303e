/**
 * Wait-time observatory API shapes (spec 000), shared by the server (validation, OpenAPI) and the
 * web app (parsing responses, Dexie records). Plain zod only: this file runs in the browser too.
 */
import { z } from "zod";

export const PROVINCES = ["ON", "QC", "AB", "BC"] as const;
export const METRIC_FAMILIES = ["TIME_TO_PROVIDER", "TOTAL_LOS", "STRETCHER_OCCUPANCY"] as const;
export const START_EVENTS = ["TRIAGE", "REGISTRATION", "DOOR", "UNKNOWN"] as const;
export const END_EVENTS = ["PHYSICIAN", "PROVIDER", "DISCHARGE", "FIRST_ASSESSMENT"] as const;
export const STATISTIC_TYPES = [
  "P90",
  "MEDIAN",
  "MEAN",
  "ROLLING_AVG",
  "ALGORITHMIC",
  "POINT_ESTIMATE",
] as const;
export const TREND_PERIODS = ["24h", "7d", "30d", "90d", "6m", "1y"] as const;
export const BENCHMARK_PERIODS = ["24h", "7d", "30d"] as const;
export const AGGREGATIONS = ["hourly", "daily", "weekly", "monthly"] as const;
export const OCCUPANCY_STATUSES = ["available", "no_reporting_data", "not_available_yet"] as const;

export const provinceSchema = z.enum(PROVINCES);
export const trendPeriodSchema = z.enum(TREND_PERIODS);
export const benchmarkPeriodSchema = z.enum(BENCHMARK_PERIODS);

export const methodologySchema = z.object({
  metric_family: z.enum(METRIC_FAMILIES),
  start_event: z.enum(START_EVENTS),
  end_event: z.enum(END_EVENTS),
  statistic_type: z.enum(STATISTIC_TYPES),
});

/** A hospital's most recent figure (its methodology's metric), as GET /api/hospitals?include=latest adds it. */
export const latestFigureSchema = z.object({
  value: z.number(),
  observed_at: z.string(),
  unit: z.string(),
});

export const hospitalSchema = z.object({
  id: z.string(),
  name: z.string(),
  province: provinceSchema,
  city: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  aliases: z.array(z.string()),
  source_id: z.string(),
  source_name: z.string(),
  methodology: methodologySchema,
  methodology_overridden: z.boolean(),
  cadence_seconds: z.number().int(),
  provenance: z.string(),
  /** Only with include=latest: null when the hospital has never reported. */
  latest: latestFigureSchema.nullable().optional(),
});

export const hospitalListSchema = z.object({ success: z.literal(true), data: z.array(hospitalSchema) });

export const trendPointSchema = z.object({
  timestamp: z.string(),
  value: z.number(),
  min: z.number(),
  max: z.number(),
  sampleCount: z.number().int(),
});

/** A change of a hospital's methodology: readings before `changed_at` were measured the previous way. */
export const methodologyChangeSchema = z.object({
  changed_at: z.string(),
  previous_methodology: methodologySchema,
  methodology: methodologySchema,
  shown_from: z.string(),
});

export const trendsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    hospital_id: z.string(),
    hospital_name: z.string(),
    period: trendPeriodSchema,
    aggregation: z.enum(AGGREGATIONS),
    calendar_time_zone: z
      .string()
      .describe(
        "The IANA time zone whose days, weeks and months the points are: each daily, weekly or monthly point starts at that zone's midnight (UTC for Ontario, whose monthly table names months rather than moments).",
      ),
    from: z.string(),
    to: z.string(),
    metric_family: z.enum(METRIC_FAMILIES),
    unit: z.string(),
    methodology: methodologySchema
      .nullable()
      .describe(
        "How the hospital measures the wait charted (the methodology in force now); null for STRETCHER_OCCUPANCY, a share of stretchers in use rather than a wait.",
      ),
    methodology_change: methodologyChangeSchema
      .nullable()
      .describe(
        "Set when the hospital's methodology changed within the period: dataPoints then hold only figures measured the current way, from shown_from (the first bucket with no reading of before the change). null when one methodology covers the whole period.",
      ),
    demo: z.boolean(),
    dataPoints: z.array(trendPointSchema),
  }),
});

export const hospitalMethodologySchema = methodologySchema.extend({
  id: z.string(),
  name: z.string(),
  province: provinceSchema,
  latest_value: z.number().nullable(),
  latest_observed_at: z.string().nullable(),
  unit: z.string(),
});

export const comparisonSchema = z.object({
  comparable: z.boolean(),
  divergence_brief: z.string().nullable(),
  differing_fields: z.array(z.enum(["metric_family", "start_event", "end_event", "statistic_type"])),
  hospital_a: hospitalMethodologySchema,
  hospital_b: hospitalMethodologySchema,
  methodology_changes: z
    .array(
      z.object({
        hospital_id: z.string(),
        changed_at: z.string(),
        previous_methodology: methodologySchema,
        methodology: methodologySchema,
      }),
    )
    .optional()
    .describe(
      "Changes of either hospital's methodology within the compared period (the last 12 months): comparable and the latest figures are about the methodologies in force now, and a latest figure observed before its hospital's change is left out (null). Empty when neither changed.",
    ),
});

export const groupStatsSchema = z.object({
  mean: z.number().nullable(),
  median: z.number().nullable(),
  p25: z.number().nullable(),
  p75: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  n: z.number().int(),
});

export const methodologyGroupSchema = z.object({
  key: z.string(),
  methodology: methodologySchema,
  hospital_count: z.number().int(),
  statistics: groupStatsSchema,
});

export const hospitalBenchmarkSchema = z.object({
  hospital_id: z.string(),
  name: z.string(),
  group: z.string(),
  current_value: z.number().nullable(),
  current_observed_at: z.string().nullable(),
  period_mean: z.number().nullable(),
  previous_period_mean: z.number().nullable(),
  percentile: z.number().nullable(),
  quartile: z.number().int().min(1).max(4).nullable(),
  trend: z.enum(["improving", "stable", "worsening"]).nullable(),
  change_percent: z.number().nullable(),
});

export const benchmarksSchema = z.object({
  success: z.literal(true),
  data: z.object({
    province: provinceSchema,
    period: benchmarkPeriodSchema,
    generated_at: z.string(),
    hospital_count: z.number().int(),
    unit: z.string(),
    demo: z.boolean(),
    methodology_summary: z.object({
      homogeneous: z.boolean(),
      group_count: z.number().int(),
      groups: z.array(
        z.object({ key: z.string(), methodology: methodologySchema, hospital_count: z.number().int() }),
      ),
      note: z.string(),
    }),
    groups: z.array(methodologyGroupSchema),
    hospitals: z.array(hospitalBenchmarkSchema),
    trend_rule: z.string(),
    /**
     * What period_mean covers. "period": the mean over the chosen period (24h, 7d, 30d).
     * "month": the province publishes one figure a month, so period_mean is each hospital's latest
     * monthly figure and previous_period_mean the month before, whatever period was asked for.
     */
    figure_period: z.enum(["period", "month"]),
    /** The month period_mean is the figure of (YYYY-MM), when figure_period is "month". */
    figure_month: z.string().nullable(),
  }),
});

export type Province = (typeof PROVINCES)[number];
export type TrendPeriod = (typeof TREND_PERIODS)[number];
export type BenchmarkPeriod = (typeof BENCHMARK_PERIODS)[number];
export type Aggregation = (typeof AGGREGATIONS)[number];
export type Methodology = z.infer<typeof methodologySchema>;
export type MethodologyField = keyof Methodology;
export type Hospital = z.infer<typeof hospitalSchema>;
export type TrendPoint = z.infer<typeof trendPointSchema>;
export type Comparison = z.infer<typeof comparisonSchema>;
export type MethodologyChangeNote = z.infer<typeof methodologyChangeSchema>;
export type GroupStats = z.infer<typeof groupStatsSchema>;
export type HospitalBenchmark = z.infer<typeof hospitalBenchmarkSchema>;
export type Benchmarks = z.infer<typeof benchmarksSchema>["data"];
export type OccupancyStatus = (typeof OCCUPANCY_STATUSES)[number];
