// The signed-in partner's services, as the server last reported them (GET /api/v1/partner/services),
// held in memory for the dashboard's pages; saved edits replace their record here. A service's
// history comes from GET /api/v1/services/{id}/history. Nothing here is stored on the device.
import { createSignal } from "solid-js";
import type { HistoryEntry } from "../../../shared/directory/history";
import type { DirectoryService } from "../../../shared/directory/types";
import { apiData, isApiError } from "../api/client";
import { checkSessionEnded } from "./session";

const [services, setServices] = createSignal<DirectoryService[] | null>(null);
// The failure itself, worded by the page in its language (a browser's "Failed to fetch" is not for partners).
const [loadError, setLoadError] = createSignal<{ failure: unknown } | null>(null);

export { loadError, services };

/**
 * Saved writes applied here (putService, dropService). A list asked for before one of them landed
 * may predate it (a retire sent while the dashboard loads): it is asked for again rather than
 * shown over the newer state.
 */
let applied = 0;

export async function loadServices(): Promise<void> {
  try {
    let list: DirectoryService[];
    let before: number;
    do {
      before = applied;
      list = await apiData<DirectoryService[]>("/api/v1/partner/services");
    } while (applied !== before);
    setServices(list);
    setLoadError(null);
  } catch (error) {
    // Offline or refused: keep what is shown, if anything, and say why.
    setLoadError({ failure: error });
    // 401: the session ended; the page then shows the sign-in (session.ts).
    if (isApiError(error, 401)) void checkSessionEnded();
  }
}

export function clearServices(): void {
  setServices(null);
}

const byName = (a: DirectoryService, b: DirectoryService) => a.name.en.localeCompare(b.name.en);

/** Puts the server's newer record in place of the old one (or adds a newly created service). */
export function putService(service: DirectoryService): void {
  applied++;
  const list = services();
  if (!list) return;
  const old = list.find((s) => s.id === service.id);
  if (old && old.version > service.version) return;
  setServices([...list.filter((s) => s.id !== service.id), service].sort(byName));
}

export function dropService(id: string): void {
  applied++;
  const list = services();
  if (list) setServices(list.filter((s) => s.id !== id));
}

export const serviceById = (id: string) => services()?.find((s) => s.id === id) ?? null;

export async function fetchHistory(id: string): Promise<HistoryEntry[]> {
  return apiData<HistoryEntry[]>(`/api/v1/services/${encodeURIComponent(id)}/history?limit=100`);
}
