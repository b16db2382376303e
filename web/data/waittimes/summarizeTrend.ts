import type { TrendPoint } from "../../../shared/waittimes/schemas";

export interface TrendSummary {
  mean: number;
  min: number;
  max: number;
  reports: number;
}

/** The figures a reader needs beside the chart: average of the buckets, extremes, report count. */
export function summarizeTrend(points: readonly TrendPoint[]): TrendSummary | null {
  if (points.length === 0) return null;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let reports = 0;
  for (const p of points) {
    sum += p.value;
    min = Math.min(min, p.min);
    max = Math.max(max, p.max);
    reports += p.sampleCount;
  }
  return { mean: sum / points.length, min, max, reports };
}
