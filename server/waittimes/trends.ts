/**
 * Trends read the aggregates table only: one row per bucket, never the raw measurements. Each
 * period has one fixed aggregation (24h and 7d hourly, 30d and 90d daily, 6m weekly, 1y monthly);
 * buckets without data are left out rather than filled with invented values.
 *
 * A hospital whose methodology changed within the window shows only the part measured the current
 * way: from the first bucket that holds no reading of before the change (a bucket straddling it
 * would mix two methods), and says so in `methodology_change`. Never one line joining two methods.
 */

import type { Aggregation, TrendPeriod, TrendPoint } from "../../shared/waittimes/schemas.js";
import { unitOf } from "../../shared/waittimes/units.js";
import { calendarZoneOfSource } from "./aggregates.js";
import { type HospitalRecord, methodologyAt } from "./hospital-registry.js";
import type { WaittimesRepository } from "./repository.js";
import { round } from "./statistics.js";
import { bucketStart, bucketStartingFrom, bucketsBefore, type Grain, toIso } from "./time-buckets.js";

const PERIODS: Record<TrendPeriod, { aggregation: Aggregation; grain: Grain; buckets: number }> = {
  "24h": { aggregation: "hourly", grain: "h", buckets: 24 },
  "7d": { aggregation: "hourly", grain: "h", buckets: 168 },
  "30d": { aggregation: "daily", grain: "d", buckets: 30 },
  "90d": { aggregation: "daily", grain: "d", buckets: 90 },
  "6m": { aggregation: "weekly", grain: "w", buckets: 26 },
  "1y": { aggregation: "monthly", grain: "m", buckets: 12 },
};

/** First bucket of the window: the current bucket plus the `buckets - 1` before it, in `zone`'s calendar. */
export function windowStart(period: TrendPeriod, now: number, zone = "UTC"): number {
  const { grain, buckets } = PERIODS[period];
  return bucketsBefore(bucketStart(now, grain, zone), buckets - 1, grain, zone);
}

export async function computeTrends(
  repo: WaittimesRepository,
  hospital: HospitalRecord,
  period: TrendPeriod,
  metric: string,
  now: number,
  demo: boolean,
) {
  const { aggregation, grain } = PERIODS[period];
  // The zone its aggregates were written in (aggregates.ts): its source's province's.
  const zone = calendarZoneOfSource(hospital.source_id);
  const from = windowStart(period, now, zone);
  // Stretcher occupancy is a count, not a wait: the wait's methodology does not apply to it.
  const isWait = metric === hospital.methodology.metric_family;
  const current = methodologyAt(hospital, now);
  const index = hospital.methodology_history.indexOf(current);
  const changed = isWait && current.from !== null && current.from > from;
  const shownFrom = changed ? bucketStartingFrom(current.from!, grain, zone) : from;
  const buckets = await repo.trendPoints(hospital.hid, metric, grain, shownFrom);
  const dataPoints: TrendPoint[] = buckets.map((b) => ({
    timestamp: toIso(b.bucket),
    value: round(b.sum / b.n)!,
    min: b.min,
    max: b.max,
    sampleCount: b.n,
  }));
  return {
    hospital_id: hospital.id,
    hospital_name: hospital.name,
    period,
    aggregation,
    from: toIso(from),
    to: toIso(now),
    calendar_time_zone: zone,
    metric_family: metric as HospitalRecord["methodology"]["metric_family"],
    unit: unitOf(metric),
    // The methodology describes a wait: a stretcher occupancy has none of its own.
    methodology: isWait ? current.methodology : null,
    methodology_change: changed
      ? {
          changed_at: toIso(current.from!),
          previous_methodology: hospital.methodology_history[index - 1].methodology,
          methodology: current.methodology,
          shown_from: toIso(shownFrom),
        }
      : null,
    demo,
    dataPoints,
  };
}
