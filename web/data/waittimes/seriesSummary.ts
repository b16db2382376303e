// The three chart metrics of the operator page, read from the observability series, and the
// figures that stand in for each chart in words (latest and peak value).
import type { Series } from "../admin/observability";

export type Metric = "rate" | "errors" | "p95";
export const METRICS: readonly Metric[] = ["rate", "errors", "p95"];

/** The metric's value at each step: requests per minute, % of 5xx answers, or p95 in ms (null: no requests). */
export function metricValues(series: Series, metric: Metric): Array<number | null> {
  return series.points.map((p) => {
    if (metric === "rate") return p.ratePerMinute;
    if (metric === "errors") return p.errorRate === null ? null : p.errorRate * 100;
    return p.p95;
  });
}

export interface MetricSummary {
  latest: { value: number; at: string } | null;
  peak: { value: number; at: string } | null;
  requests: number;
}

export function summarize(series: Series, metric: Metric): MetricSummary {
  const values = metricValues(series, metric);
  let latest: MetricSummary["latest"] = null;
  let peak: MetricSummary["peak"] = null;
  values.forEach((value, i) => {
    const { at, requests } = series.points[i];
    // For the rate an empty step is a real 0; for the other two it measured nothing.
    if (value === null || (metric !== "rate" && requests === 0)) return;
    latest = { value, at };
    if (!peak || value > peak.value) peak = { value, at };
  });
  return { latest, peak, requests: series.points.reduce((n, p) => n + p.requests, 0) };
}
