// Directory search: the server's ranked search when online; offline, the same shared ranking
// (shared/directory/rank) over the services saved on this device, so results agree.
import type { Category, DirectoryService, Locale, RankMode } from "../../shared/directory/types";
import { database } from "./db";
import { DIRECTORY_SCOPE } from "./directorySync";

export type ResultItem = DirectoryService & {
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
}

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
  const res = await fetch("/api/v1/search/services", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      query,
      locale,
      limit: RESULT_LIMIT,
      ...(hasFilters(filters) ? { filters: { category: filters.category, openNow: filters.openNow } } : {}),
      ...(filters.location ? { location: filters.location } : {}),
    }),
    signal,
  });
  if (!res.ok) throw new Error(`POST /api/v1/search/services answered ${res.status}`);
  const body = (await res.json()) as { data: ResultItem[]; meta: { total: number; mode: RankMode } };
  if (!Array.isArray(body?.data)) throw new Error("search: unexpected body");
  return { mode: body.meta.mode, results: body.data, total: body.meta.total, source: "server" };
}

// The saved services, read from IndexedDB once and kept while they are unchanged: reading 10,000
// records takes longer than ranking them, and the ranking reuses its index for the same array.
// The key (sync cursor and record count) is cheap to read and changes with every sync or clear,
// in this tab or another.
let saved: { key: string; services: DirectoryService[] } | undefined;
async function savedServices(): Promise<DirectoryService[]> {
  const db = database();
  const [state, count] = await Promise.all([db.syncState.get(DIRECTORY_SCOPE), db.services.count()]);
  const key = `${state?.cursor ?? ""}|${state?.lastSuccessAt ?? ""}|${count}`;
  if (saved?.key !== key) saved = { key, services: await db.services.toArray() };
  return saved.services;
}

const hasFilters = (f: SearchFiltersValue) => f.category !== undefined || f.openNow === true;

export async function searchDevice(
  query: string,
  locale: Locale,
  filters: SearchFiltersValue = {},
): Promise<SearchOutcome> {
  const [{ rankServices }, services] = await Promise.all([
    import("../../shared/directory/rank"), // loaded only when needed: it carries the vocabulary
    savedServices(),
  ]);
  const ranked = rankServices(services, query, {
    locale,
    category: filters.category,
    openNow: filters.openNow,
    location: filters.location,
  });
  return {
    mode: ranked.mode,
    total: ranked.results.length,
    source: "device",
    results: ranked.results.slice(0, RESULT_LIMIT).map((r) => ({
      ...r.service,
      openNow: r.openNow,
      suggestion: r.suggestion,
      ...(filters.location ? { distanceKm: r.distanceKm } : {}),
    })),
  };
}

/** Online first; on a network failure or when offline, the device's copy (if it has one). */
export async function searchDirectory(
  query: string,
  locale: Locale,
  filters: SearchFiltersValue = {},
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  if (navigator.onLine) {
    try {
      return await searchServer(query, locale, filters, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  if ((await database().services.count()) === 0) throw new Error("no saved directory on this device");
  return searchDevice(query, locale, filters);
}
