// Emptying the caches a visit can fill: every cache but the precached app shell (so the service
// worker's API reads), with workbox-expiration's records of their addresses (kept in IndexedDB).
// The same steps run in the page (web/data/device/kioskTraces.ts, for a page no worker controls)
// and in the worker (sw.ts, when a kiosk reset tells it to forget the visit).
import { CacheExpiration } from "workbox-expiration";

const isShellCache = (name: string) => name.startsWith("workbox-precache");

export async function deleteApiCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) {
    if (isShellCache(name)) continue;
    await caches.delete(name);
    await new CacheExpiration(name, { maxEntries: 1 }).delete();
  }
}
