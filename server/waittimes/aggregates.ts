/**
 * Keeps the aggregates in step with accepted measurements: the batch is folded in memory per
 * (hospital, metric, grain, bucket), then the repository adds each bucket once. Hourly buckets
 * older than the retention window are skipped (nothing reads them). Days, weeks and months are the
 * source's province's (calendarZoneOfSource).
 */
import { CALENDAR_ZONE } from "../../shared/waittimes/calendar-zone.js";
import { REFERENCE_SOURCES } from "./registry.js";
import type { DemoPart } from "./repository.js";
import { bucketStart, GRAINS, type Grain, HOURLY_RETENTION_SECONDS } from "./time-buckets.js";

export interface AcceptedRow {
  hid: number;
  metric: string;
  observedAt: number; // epoch seconds
  value: number;
}

export interface FoldedBucket {
  hid: number;
  metric: string;
  grain: Grain;
  bucket: number;
  n: number;
  sum: number;
  min: number;
  max: number;
}

const GRAIN_INDEX: Record<Grain, number> = { h: 0, d: 1, w: 2, m: 3 };

export class AggregateBatch {
  /** series "hid|metric" → (bucket * 4 + grain index) → accumulator; numeric inner keys keep this fast. */
  private readonly buckets = new Map<string, Map<number, FoldedBucket>>();
  private readonly newest = new Map<
    string,
    { hid: number; metric: string; observedAt: number; value: number }
  >();
  constructor(
    private readonly now: number,
    private readonly zone = "UTC",
    private readonly grains: readonly Grain[] = GRAINS,
  ) {}

  add(row: AcceptedRow, zone = this.zone) {
    const lk = `${row.hid}|${row.metric}`;
    let series = this.buckets.get(lk);
    if (!series) {
      series = new Map();
      this.buckets.set(lk, series);
    }
    for (const grain of this.grains) {
      if (grain === "h" && row.observedAt < this.now - HOURLY_RETENTION_SECONDS) continue;
      const bucket = bucketStart(row.observedAt, grain, zone);
      const key = bucket * 4 + GRAIN_INDEX[grain];
      const acc = series.get(key);
      if (acc) {
        acc.n++;
        acc.sum += row.value;
        if (row.value < acc.min) acc.min = row.value;
        if (row.value > acc.max) acc.max = row.value;
      } else {
        series.set(key, {
          hid: row.hid,
          metric: row.metric,
          grain,
          bucket,
          n: 1,
          sum: row.value,
          min: row.value,
          max: row.value,
        });
      }
    }
    const cur = this.newest.get(lk);
    if (!cur || row.observedAt > cur.observedAt) this.newest.set(lk, { ...row });
  }

  /** Every folded bucket, to be added to the stored ones. */
  folded(): FoldedBucket[] {
    return [...this.buckets.values()].flatMap((series) => [...series.values()]);
  }

  /** The newest observation per series of the batch (the stored `latest` keeps the newer). */
  newestPerSeries(): AcceptedRow[] {
    return [...this.newest.values()];
  }

  /** Hourly buckets before this time are past retention. */
  get hourlyFloor(): number {
    return this.now - HOURLY_RETENTION_SECONDS;
  }
}

/**
 * The demo feed's observations folded for the aggregates (the demo history counts them all),
 * with the rows and occupancy rows each source delivered.
 */
export function foldDemoPart(part: DemoPart): {
  aggregates: AggregateBatch;
  bySource: Map<string, { rows: number; occupancy: number }>;
} {
  const aggregates = new AggregateBatch(part.now);
  const bySource = new Map<string, { rows: number; occupancy: number }>();
  for (const h of part.hospitals) {
    const zone = calendarZoneOfSource(h.sourceId);
    for (const r of h.measurements)
      aggregates.add({ hid: r.hid, metric: r.metric, observedAt: r.t, value: r.value }, zone);
    const totals = bySource.get(h.sourceId) ?? { rows: 0, occupancy: 0 };
    totals.rows += h.measurements.length;
    totals.occupancy += h.occupancy.length;
    bySource.set(h.sourceId, totals);
  }
  return { aggregates, bySource };
}

const SOURCE_ZONES = new Map(REFERENCE_SOURCES.map((s) => [s.id, CALENDAR_ZONE[s.province]]));

/** The calendar a source's figures are counted in: its province's (UTC for a source not in the registry). */
export const calendarZoneOfSource = (sourceId: string): string => SOURCE_ZONES.get(sourceId) ?? "UTC";

/** The grains a calendar decides (an hour is the same in every zone the observatory covers). */
export const CALENDAR_GRAINS: readonly Grain[] = ["d", "w", "m"];
