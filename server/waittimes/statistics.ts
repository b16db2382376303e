/**
 * Descriptive statistics used by benchmarks and data quality. Pure functions over plain arrays so
 * they can be checked against brute-force references on random data (tests/waittimes/statistics.test.ts).
 */

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((x, y) => x - y);
}

/** Percentile p (0–100) with linear interpolation between closest ranks (Hyndman–Fan type 7). */
export function percentileOfSorted(sorted: readonly number[], p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  if (n === 1) return sorted[0];
  const h = (n - 1) * (p / 100);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export function percentile(values: readonly number[], p: number): number | null {
  return percentileOfSorted(sortedCopy(values), p);
}

export function median(values: readonly number[]): number | null {
  return percentile(values, 50);
}

export interface Summary {
  mean: number | null;
  median: number | null;
  p25: number | null;
  p75: number | null;
  min: number | null;
  max: number | null;
  n: number;
}

export function summarize(values: readonly number[]): Summary {
  const s = sortedCopy(values);
  return {
    mean: mean(s),
    median: percentileOfSorted(s, 50),
    p25: percentileOfSorted(s, 25),
    p75: percentileOfSorted(s, 75),
    min: s.length ? s[0] : null,
    max: s.length ? s[s.length - 1] : null,
    n: s.length,
  };
}

/**
 * Percentile rank of `value` within `group` (0–100, mid-rank for ties): the share of the group
 * strictly below plus half of those equal. Lower waits rank lower.
 */
export function percentileRank(value: number, group: readonly number[]): number | null {
  if (group.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const g of group) {
    if (g < value) below++;
    else if (g === value) equal++;
  }
  return (100 * (below + 0.5 * equal)) / group.length;
}

/** Quartile 1–4 from a percentile rank: (0,25] → 1, (25,50] → 2, (50,75] → 3, (75,100] → 4. */
export function quartileOfRank(rank: number): 1 | 2 | 3 | 4 {
  if (rank <= 25) return 1;
  if (rank <= 50) return 2;
  if (rank <= 75) return 3;
  return 4;
}

export type Trend = "improving" | "stable" | "worsening";
export const TREND_THRESHOLD_PERCENT = 5;

/** Change from the previous period in percent, or null when there is no usable baseline. */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** Waits and occupancy are better when lower: a drop of 5 % or more improves, a rise of 5 % or more worsens. */
export function classifyTrend(change: number | null): Trend | null {
  if (change === null) return null;
  if (change <= -TREND_THRESHOLD_PERCENT) return "improving";
  if (change >= TREND_THRESHOLD_PERCENT) return "worsening";
  return "stable";
}

export interface Outlier {
  index: number;
  value: number;
  robustZ: number;
}

/**
 * Robust outliers: |x − median| / (1.4826 · MAD) above `threshold`. The median and MAD ignore a
 * few wild values, unlike a mean and standard deviation which the outliers themselves inflate.
 */
export function robustOutliers(
  values: readonly number[],
  threshold = 5,
): { median: number; mad: number; outliers: Outlier[] } {
  const med = median(values) ?? 0;
  const mad = median(values.map((v) => Math.abs(v - med))) ?? 0;
  const scale = 1.4826 * mad;
  const outliers: Outlier[] = [];
  if (scale === 0) return { median: med, mad, outliers };
  values.forEach((value, index) => {
    const robustZ = (value - med) / scale;
    if (Math.abs(robustZ) > threshold) outliers.push({ index, value, robustZ });
  });
  return { median: med, mad, outliers };
}

export function round(value: number | null, digits = 2): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
