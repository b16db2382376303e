// The signed-in partner's services, as the server last reported them (GET /api/v1/partner/services),
// held in memory for the dashboard's pages; saved edits replace their record here. A service's
// history comes from GET /api/v1/services/{id}/history. For a kept sign-in the list is also kept on
// the device (deviceCopy.ts): offline, the pages show that copy, marked with its date (copyDate).
import { createSignal } from "solid-js";
import type { HistoryEntry } from "../../../shared/directory/history";
import type { DirectoryService } from "../../../shared/directory/types";
import { apiData, isApiError } from "../api/client";
import { readCopy, updateCopy } from "./deviceCopy";
import { checkSessionEnded } from "./session";

const [services, setServices] = createSignal<DirectoryService[] | null>(null);
// The failure itself, worded by the page in its language (a browser's "Failed to fetch" is not for partners).
const [loadError, setLoadError] = createSignal<{ failure: unknown } | null>(null);
/** When the list shown is this device's copy (the server could not be reached): when it was loaded. */
const [copyDate, setCopyDate] = createSignal<string | null>(null);
/** The account the list belongs to, whose copy put and drop keep up to date. */
let owner: string | null = null;

export { copyDate, loadError, services };

/**
 * Saved writes applied here (putService, dropService). A list asked for before one of them landed
 * may predate it (a retire sent while the dashboard loads): it is asked for again rather than
 * shown over the newer state.
 */
let applied = 0;

/** Loads the list of `userId`'s organization; offline, from the device's copy when nothing is shown yet. */
export async function loadServices(userId: string): Promise<void> {
  owner = userId;
  try {
    let list: DirectoryService[];
    let before: number;
    do {
      before = applied;
      list = await apiData<DirectoryService[]>("/api/v1/partner/services");
    } while (applied !== before);
    if (owner !== userId) return;
    setServices(list);
    setCopyDate(null);
    setLoadError(null);
    void updateCopy(userId, { services: list, savedAt: new Date().toISOString() });
  } catch (error) {
    if (owner !== userId) return;
    // Offline or refused: keep what is shown, if anything, and say why.
    setLoadError({ failure: error });
    if (!isApiError(error) && services() === null) {
      const copy = await readCopy();
      if (owner === userId && services() === null && copy?.user.id === userId && copy.services) {
        setServices(copy.services);
        setCopyDate(copy.savedAt);
      }
    }
    // 401: the session ended; the page then shows the sign-in (session.ts).
    if (isApiError(error, 401)) void checkSessionEnded();
  }
}

export function clearServices(): void {
  owner = null;
  setServices(null);
  setCopyDate(null);
}

/** Keeps the device's copy (if any) in step with a record the server saved. */
function keepCopy(list: DirectoryService[]): void {
  if (owner) void updateCopy(owner, { services: list });
}

const byName = (a: DirectoryService, b: DirectoryService) => a.name.en.localeCompare(b.name.en);

/** Puts the server's newer record in place of the old one (or adds a newly created service). */
export function putService(service: DirectoryService): void {
  applied++;
  const list = services();
  if (!list) return;
  const old = list.find((s) => s.id === service.id);
  if (old && old.version > service.version) return;
  const next = [...list.filter((s) => s.id !== service.id), service].sort(byName);
  setServices(next);
  keepCopy(next);
}

export function dropService(id: string): void {
  applied++;
  const list = services();
  if (!list) return;
  const next = list.filter((s) => s.id !== id);
  setServices(next);
  keepCopy(next);
}

export const serviceById = (id: string) => services()?.find((s) => s.id === id) ?? null;

export async function fetchHistory(id: string): Promise<HistoryEntry[]> {
  return apiData<HistoryEntry[]>(`/api/v1/services/${encodeURIComponent(id)}/history?limit=100`);
}
