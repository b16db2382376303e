// The trend series a reader viewed, kept in Dexie (table trendSeries, see db.ts) so the chart is
// there offline, "as of" the moment the server answered. Only the most recent views are kept.
import type { TrendPeriod } from "../../shared/waittimes/schemas";
import { database, type TrendSeriesRecord } from "./db";
import type { Trends } from "./trends";

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

export async function loadViewedTrends(
  hospitalId: string,
  period: TrendPeriod,
): Promise<TrendSeriesRecord | undefined> {
  const db = database();
  const row = await db.trendSeries.get([hospitalId, period]);
  if (row) await db.trendSeries.update([hospitalId, period], { viewedAt: new Date().toISOString() });
  return row;
}
