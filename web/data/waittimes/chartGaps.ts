// What a chart may draw: a line never bridges a stretch with no reports (the series is cut where
// the distance between two points is several times the feed's step), and a series with nothing
// of its own to show is left out, so the legend names only the lines on the plot.
import type { Aggregation } from "../../../shared/waittimes/schemas";

const BUCKET_SECONDS: Record<Aggregation, number> = {
  hourly: 3600,
  daily: 86400,
  weekly: 7 * 86400,
  // The longest month: a monthly series is not cut between two months that follow each other.
  monthly: 31 * 86400,
};

/** How many steps without a point make a gap (the quality page counts more than 2 as one). */
export const GAP_STEPS = 3;

/** The longest distance (seconds) two neighbouring points may be apart and still be joined. */
export function longestJoin(aggregation: Aggregation, cadenceSeconds = 0): number {
  return GAP_STEPS * Math.max(BUCKET_SECONDS[aggregation], cadenceSeconds);
}

export interface ChartSeries {
  xs: number[];
  ys: (number | null)[][];
}

/**
 * Puts a null point (uPlot stops the line there) halfway across every gap longer than `maxJoin`
 * seconds, in every series.
 */
export function breakAtGaps(data: ChartSeries, maxJoin: number): ChartSeries {
  const xs: number[] = [];
  const ys: (number | null)[][] = data.ys.map(() => []);
  data.xs.forEach((x, i) => {
    const prev = data.xs[i - 1];
    if (prev !== undefined && x - prev > maxJoin) {
      xs.push((prev + x) / 2);
      for (const y of ys) y.push(null);
    }
    xs.push(x);
    data.ys.forEach((series, s) => {
      ys[s].push(series[i] ?? null);
    });
  });
  return { xs, ys };
}

/** Whether a series has at least one figure to draw. */
export function hasFigures(values: readonly (number | null)[]): boolean {
  return values.some((v) => v !== null && v !== undefined);
}

/** Whether `values` would show anything apart from `reference` (a band equal to the line hides under it). */
export function differsFrom(
  values: readonly (number | null)[],
  reference: readonly (number | null)[],
): boolean {
  return values.some((v, i) => v !== null && v !== reference[i]);
}
