// A hospital's trend for one period, for the hospital page: from the server when online (and then
// saved on the device), otherwise the copy saved the last time it was viewed, with its age. A
// period never viewed on this device falls back to the nearest saved one, and says which.
import type { TrendPeriod } from "../../../shared/waittimes/schemas";
import { isApiError } from "../api/client";
import { loadViewedTrends, saveViewedTrends } from "./savedTrends";
import { fetchTrends, type Trends } from "./trends";

export interface LoadedTrends {
  trends: Trends;
  /** Set when shown from the device: when the server gave this copy. */
  savedAt: string | null;
  /** The period shown: the one asked for, or the nearest saved one offline. */
  period: TrendPeriod;
}

async function fromDevice(id: string, period: TrendPeriod): Promise<LoadedTrends | undefined> {
  const saved = await loadViewedTrends(id, period).catch(() => undefined);
  return saved && { trends: saved.trends, savedAt: saved.fetchedAt, period: saved.period };
}

/** An answer older than this came from a cache, not from the server now: the page says how old it is. */
const CACHED_AFTER_MS = 5 * 60_000;

export async function loadTrends(id: string, period: TrendPeriod, isOnline: boolean): Promise<LoadedTrends> {
  if (isOnline) {
    try {
      const { trends, servedAt } = await fetchTrends(id, period);
      // Saving is a convenience for later: a full or blocked IndexedDB must not hide the chart.
      await saveViewedTrends(trends, period, servedAt).catch(() => undefined);
      const cached = Date.now() - Date.parse(servedAt) > CACHED_AFTER_MS;
      return { trends, savedAt: cached ? servedAt : null, period };
    } catch (error) {
      if (isApiError(error, 404)) throw error;
      const saved = await fromDevice(id, period);
      if (saved) return saved;
      throw error;
    }
  }
  const saved = await fromDevice(id, period);
  if (!saved) throw new Error("offline-no-copy");
  return saved;
}
