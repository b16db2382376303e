// Keeps the device's copy fresh: syncs the directory and the hospital registry with its latest
// wait figures at start-up and whenever the connection returns (at most once per interval, never
// two at once), and replays the outbox at both moments. The syncs run in a worker
// (syncWorkerClient.ts), so the page stays responsive while 10,000 services are indexed and saved;
// the outbox stays here, as its writes carry the tab's CSRF token.
//
// Two offline stores, on purpose:
// - Dexie (IndexedDB, device/db.ts) holds what must work offline on pages never opened online and
//   what the app computes over: every directory service with its search index (directory/sync.ts,
//   ranked here with the server's own shared ranking), the hospital registry with each latest figure
//   (waittimes/sync.ts, for the list, a hospital's facts and the compare brief), the trend series a
//   reader viewed (with the time the server gave them, so pages say how old they are), and the
//   outbox of partner writes. Reads of these go to Dexie first or when the server is not reached
//   (api/onlineFirst.ts).
// - The service worker's cache (API_CACHE_NAME, "api-reads", sw/cacheNames.ts) answers every other
//   public GET the app made before, network-first: archive search, snapshots, sources and changes,
//   benchmarks, occupancy, data quality and single services. These are looked at, not computed on,
//   and too many to sync, so keeping the last answer per address is enough. It never keeps
//   /api/health, exports, sign-in or operator reads, nor the sync's own changed_after pages (they
//   land in Dexie) (sw/routing.ts).
// Both are cleared together from the settings page (device/savedData.ts).
import { createSignal } from "solid-js";
import { browserOnline } from "../api/onlineFirst";
import { takeRegistryForSync } from "../waittimes/registryForSync";
import { deviceDatabaseExists } from "./dbName";
import { syncInWorker } from "./syncWorkerClient";

const MIN_INTERVAL_MS = 5 * 60_000;
/** A page left open (a home-screen app for days, a kiosk) is brought up to date this often. */
export const REFRESH_EVERY_MS = 30 * 60_000;
let running: Promise<void> | undefined;
let lastRun = 0;
const [syncedAt, setSyncedAt] = createSignal<string | null>(null);
// Why this tab's last directory sync failed, if it did: a device with no room left cannot even
// record the failure in its sync state, so the settings page reads it here.
const [lastSyncError, setLastSyncError] = createSignal<string | null>(null);

/** Set when a sync has finished (for pages that wait on the first copy of the directory). */
export { lastSyncError, syncedAt };

export function syncNow(force = false): Promise<void> {
  if (running) return running;
  if (!browserOnline() || (!force && Date.now() - lastRun < MIN_INTERVAL_MS)) return Promise.resolve();
  lastRun = Date.now();
  // Each keeps its error in syncState and the next chance retries; one failing does not stop the other.
  // The registry the wait-times page is fetching goes to the worker, which then does not fetch it.
  running = takeRegistryForSync()
    .then((registry) =>
      syncInWorker((error) => {
        setLastSyncError(error);
        if (error === null) setSyncedAt(new Date().toISOString());
      }, registry),
    )
    .finally(() => {
      running = undefined;
    });
  return running;
}

export function startBackgroundSync(): void {
  const catchUp = () => {
    if (!browserOnline()) return;
    // A device without the database has no outbox: opening it here would create it on the page's
    // thread during a first visit (the sync worker creates it instead). The outbox, and the
    // database layer (Dexie) under it, are loaded only when there is a database to read.
    void deviceDatabaseExists()
      .then((exists) => (exists ? import("./outbox").then((m) => m.replayOutbox()) : undefined))
      .catch(() => undefined);
    void syncNow(true);
  };
  catchUp();
  window.addEventListener("online", catchUp);
  // Looked at again, or left open: syncNow holds off within MIN_INTERVAL_MS of the last sync.
  const refresh = () => {
    if (document.visibilityState === "visible") void syncNow();
  };
  document.addEventListener("visibilitychange", refresh);
  setInterval(refresh, REFRESH_EVERY_MS);
}
