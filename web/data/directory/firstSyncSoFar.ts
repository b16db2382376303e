// What a running first sync (in the sync worker) has received so far, as the page's side of the
// worker reports it: apart from deviceIndex.ts, which needs the database layer (Dexie), so the
// worker's client (device/syncWorkerClient.ts) can be loaded on a first visit without it.
import type { SearchIndex } from "../../../shared/directory/search-index";
import type { SavedService } from "./savedService";

/** A first sync that is running: what it has received so far, asked for when a search needs it. */
export interface ReceivedSoFar {
  /** Services received so far. */
  size: number;
  index(): Promise<SearchIndex | null>;
  services(ids: readonly string[]): Promise<Map<string, SavedService>>;
}

let partial: ReceivedSoFar | undefined;
/** First syncs ended (or forgotten) so far: an index held in memory from before one is stale. */
let ended = 0;

/**
 * A first sync received another page (searches may use what it has so far), or ended (undefined:
 * written, or given up): searches read the device's copy again.
 */
export function receivingFirstSync(soFar: ReceivedSoFar | undefined): void {
  partial = soFar;
  if (!soFar) ended++;
}

export const firstSyncSoFar = (): ReceivedSoFar | undefined => partial;
export const firstSyncsEnded = (): number => ended;

/** The services a running first sync has received among `ids`, before it writes them. */
export async function receivedServices(ids: readonly string[]): Promise<Map<string, SavedService>> {
  return partial && ids.length > 0 ? partial.services(ids) : new Map();
}
