// A hospital's trend for one period, for the hospital page: from the server when online (and then
// saved on the device), otherwise the copy saved the last time it was viewed, with its age.
import type { TrendPeriod } from "../../shared/waittimes/schemas";
import { loadViewedTrends, saveViewedTrends } from "./savedTrends";
import { fetchTrends, type Trends } from "./trends";

export interface LoadedTrends {
  trends: Trends;
  /** Set when shown from the device: when the server gave this copy. */
  savedAt: string | null;
}

export async function loadTrends(id: string, period: TrendPeriod, isOnline: boolean): Promise<LoadedTrends> {
  if (isOnline) {
    try {
      const trends = await fetchTrends(id, period);
      // Saving is a convenience for later: a full or blocked IndexedDB must not hide the chart.
      await saveViewedTrends(trends, period, new Date().toISOString()).catch(() => undefined);
      return { trends, savedAt: null };
    } catch (error) {
      if (error instanceof Error && error.message === "not-found") throw error;
      const saved = await loadViewedTrends(id, period).catch(() => undefined);
      if (saved) return { trends: saved.trends, savedAt: saved.fetchedAt };
      throw error;
    }
  }
  const saved = await loadViewedTrends(id, period).catch(() => undefined);
  if (!saved) throw new Error("offline-no-copy");
  return { trends: saved.trends, savedAt: saved.fetchedAt };
}
