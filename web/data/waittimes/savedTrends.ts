// The trend series a reader viewed, kept in Dexie (table trendSeries, see device/db.ts) so the chart is
// there offline, "as of" the moment the server answered. Only the most recent views are kept.
import Dexie from "dexie";
import type { TrendPeriod } from "../../../shared/waittimes/schemas";
import { database, type TrendSeriesRecord } from "../device/db";
import { PERIODS, type Trends } from "./trends";

/** How many viewed series a device keeps: enough for a few hospitals at every period. */
export const KEEP_VIEWED_SERIES = 30;

export async function saveViewedTrends(
  trends: Trends,
  period: TrendPeriod,
  fetchedAt: string,
): Promise<void> {
  const db = database();
  await db.transaction("rw", db.trendSeries, async () => {
    await db.trendSeries.put({
      hospitalId: trends.hospital_id,
      period,
      trends,
      fetchedAt,
      viewedAt: new Date().toISOString(),
    });
    const count = await db.trendSeries.count();
    if (count > KEEP_VIEWED_SERIES) {
      const oldest = await db.trendSeries
        .orderBy("viewedAt")
        .limit(count - KEEP_VIEWED_SERIES)
        .primaryKeys();
      await db.trendSeries.bulkDelete(oldest);
    }
  });
}

/**
 * The saved series for this period or, when it was never viewed, the saved period closest to it
 * (the longer one on a tie: it holds more of the history). Undefined when nothing is saved.
 */
export async function loadViewedTrends(
  hospitalId: string,
  period: TrendPeriod,
): Promise<TrendSeriesRecord | undefined> {
  const db = database();
  const saved = await db.trendSeries
    .where("[hospitalId+period]")
    .between([hospitalId, Dexie.minKey], [hospitalId, Dexie.maxKey])
    .toArray();
  const row = closestPeriod(saved, period);
  if (row) await db.trendSeries.update([row.hospitalId, row.period], { viewedAt: new Date().toISOString() });
  return row;
}

export function closestPeriod<T extends { period: TrendPeriod }>(
  rows: readonly T[],
  wanted: TrendPeriod,
): T | undefined {
  const at = (p: TrendPeriod) => PERIODS.indexOf(p);
  const distance = (r: T) => Math.abs(at(r.period) - at(wanted));
  return [...rows].sort((a, b) => distance(a) - distance(b) || at(b.period) - at(a.period))[0];
}
