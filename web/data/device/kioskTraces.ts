// Everything a kiosk visit leaves on the device, removed when the screen starts over. What stays is
// what the kiosk itself needs: the synced directory with its search index, and the hospital
// registry with its latest figures (shared data the next person needs offline, with their sync
// rows), partner changes still waiting to be sent (outbox: a partner's work, never a visitor's),
// the app shell, and the listed localStorage keys (kiosk mode, its settings, the PIN hash, the
// language).
//
// Removed, by where it lives:
// - IndexedDB (Dexie): every table not kept below, e.g. the trend series a visitor viewed
//   (trendSeries), and every other sync row. A table added later is cleared too unless it is
//   listed here.
// - Cache Storage: every cache but the precached shell, i.e. the service worker's API reads
//   (archive searches, service pages, trend series by address), with the service worker's
//   expiration records of those addresses (workbox-expiration keeps them in IndexedDB). The
//   service worker is told too (sw/visitResets.ts): it empties them itself, and an answer it was
//   still waiting for when the visit ended is never cached.
// - localStorage: every key not kept. sessionStorage: everything, unless signing out has to wait
//   for the server (the tab's CSRF token is needed to end the session later).
// - Memory (signals, stores, the reader's position, form fields): the reset loads a new document.
import { deleteApiCaches } from "../../../sw/apiCaches";
import { FORGET_VISIT_MESSAGE } from "../../../sw/visitResets";
import { DIRECTORY_SCOPE, database, WAITS_SCOPE } from "./db";

// searchIndex is built from the services alone (nothing a visitor typed is in it), and without it
// the directory could not be searched offline until a full sync.
const KEPT_TABLES = new Set(["serviceBuckets", "searchIndex", "hospitals", "latestWaits", "outbox"]);
const KEPT_SYNC_SCOPES = [DIRECTORY_SCOPE, WAITS_SCOPE];
/** How long the reset waits for the service worker to say it has forgotten the visit. */
const WORKER_REPLY_MS = 2_000;

async function clearDatabase(): Promise<void> {
  const db = database();
  await db.transaction("rw", db.tables, async () => {
    for (const table of db.tables) {
      if (KEPT_TABLES.has(table.name)) continue;
      if (table.name === "syncState") await db.syncState.where("scope").noneOf(KEPT_SYNC_SCOPES).delete();
      else await table.clear();
    }
  });
}

/** Tells the worker that controls this page (the one fetching its API reads) to forget the visit. */
async function tellServiceWorker(): Promise<void> {
  const worker = typeof navigator === "undefined" ? null : navigator.serviceWorker?.controller;
  if (!worker) return;
  const channel = new MessageChannel();
  const replied = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  worker.postMessage({ type: FORGET_VISIT_MESSAGE }, [channel.port2]);
  // A worker that does not answer (an older version, without this message) leaves the page's own clearing.
  await Promise.race([replied, new Promise((resolve) => setTimeout(resolve, WORKER_REPLY_MS))]);
  channel.port1.close();
}

async function clearApiCaches(): Promise<void> {
  await Promise.all([tellServiceWorker(), deleteApiCaches()]);
}

function clearStorage(storage: Storage, keep: readonly string[]): void {
  for (const key of Object.keys(storage)) if (!keep.includes(key)) storage.removeItem(key);
}

export async function clearVisitTraces(opts: {
  keptLocalKeys: readonly string[];
  keepSessionStorage: boolean;
}): Promise<void> {
  // Each step runs even when another fails (say IndexedDB is unavailable); failures are reported.
  const results = await Promise.allSettled([
    clearDatabase(),
    clearApiCaches(),
    (async () => {
      clearStorage(localStorage, opts.keptLocalKeys);
      if (!opts.keepSessionStorage) sessionStorage.clear();
    })(),
  ]);
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((r) => r.reason),
      "kiosk: some traces remain",
    );
}
