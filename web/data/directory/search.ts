// Directory search: the server's ranked search when online; offline, the same shared ranking
// (shared/directory/rank) over the index of the services saved on this device, so results agree.
// The device's side (its index and records, through the database layer, Dexie) is loaded only
// when a search needs it: online, the search page's first load stays without it.
import type { Category, Locale, RankMode } from "../../../shared/directory/types";
import { apiRequest } from "../api/client";
import { browserOnline, serverThenDevice } from "../api/onlineFirst";
import type { SavedService } from "./savedService";

export type ResultItem = SavedService & {
  openNow: boolean | null;
  suggestion: boolean;
  distanceKm?: number | null;
};

export interface SearchOutcome {
  mode: RankMode;
  results: ResultItem[];
  total: number;
  /** "server": ranked by the API just now; "device": ranked here over the saved copy. */
  source: "server" | "device";
  /** From the device: why (no network, or the server not answering), and when its copy was saved. */
  fromDevice?: { offline: boolean; savedAt: string | null };
}

/** How long a search waits for the server before the device's copy answers (when it has one). */
export const SERVER_PATIENCE_MS = 3000;

export const RESULT_LIMIT = 20;

export interface SearchFiltersValue {
  category?: Category;
  openNow?: boolean;
  /** Rank nearer services higher and report distances (never stored, see state/position). */
  location?: { lat: number; lng: number };
}

async function searchServer(
  query: string,
  locale: Locale,
  filters: SearchFiltersValue,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  const body = await apiRequest<{ data: ResultItem[]; meta: { total: number; mode: RankMode } }>(
    "/api/v1/search/services",
    {
      method: "POST",
      body: {
        query,
        locale,
        limit: RESULT_LIMIT,
        ...(hasFilters(filters) ? { filters: { category: filters.category, openNow: filters.openNow } } : {}),
        ...(filters.location ? { location: filters.location } : {}),
      },
      signal,
      check: (answer) => Array.isArray(answer?.data),
    },
  );
  return { mode: body.meta.mode, results: body.data, total: body.meta.total, source: "server" };
}

const hasFilters = (f: SearchFiltersValue) => f.category !== undefined || f.openNow === true;

/** The device's own ranking over its saved index (deviceIndex.ts), then the records of the results shown. */
export async function searchDevice(
  query: string,
  locale: Locale,
  filters: SearchFiltersValue = {},
): Promise<SearchOutcome> {
  const [{ rankIndex }, { index, savedAt }, { shownServices }] = await Promise.all([
    import("../../../shared/directory/rank"), // loaded only when needed: it carries the vocabulary
    import("./deviceIndex").then(async (m) => ({
      index: await m.deviceIndex(),
      savedAt: m.deviceCopySavedAt(),
    })),
    import("./shownServices"),
  ]);
  if (!index) throw new Error("no saved directory on this device");
  const ranked = rankIndex(index, query, {
    locale,
    category: filters.category,
    openNow: filters.openNow,
    location: filters.location,
    limit: RESULT_LIMIT,
  });
  return {
    mode: ranked.mode,
    total: ranked.total,
    source: "device",
    fromDevice: { offline: !browserOnline(), savedAt },
    results: await shownServices(index, ranked.results, filters.location !== undefined),
  };
}

const warmed = new WeakSet<object>();
/**
 * Offline, loads the ranking and the device's index ahead of the first search, while the page
 * opens or the search box takes focus, so the first results come as quickly as the next ones.
 */
export function prepareDeviceSearch(): void {
  if (browserOnline()) return;
  void (async () => {
    const [{ rankIndex }, index] = await Promise.all([
      import("../../../shared/directory/rank"),
      import("./deviceIndex").then((m) => m.deviceIndex()),
    ]);
    if (!index || warmed.has(index)) return;
    warmed.add(index);
    // One pass prepares the vocabulary's tables and lets the engine compile the ranking.
    rankIndex(index, "food", { limit: 1 });
  })().catch(() => undefined);
}

/**
 * Online first; when offline, on a network failure, or when the server is slow to answer
 * (SERVER_PATIENCE_MS), the device's copy (if it has one).
 */
export async function searchDirectory(
  query: string,
  locale: Locale,
  filters: SearchFiltersValue = {},
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  return serverThenDevice(
    (asking) => searchServer(query, locale, filters, asking),
    () => searchDevice(query, locale, filters),
    { signal, patienceMs: SERVER_PATIENCE_MS },
  );
}
