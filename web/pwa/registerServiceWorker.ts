import { createSignal } from "solid-js";
import type { Workbox } from "workbox-window";

// Registers the service worker after the page has loaded (workbox-window is loaded lazily so it
// stays out of the first-route bundle) and exposes whether an update is waiting. A single-page app
// is rarely reloaded, so the browser's own check (at navigations to the server) seldom runs: the app
// asks for a new version at each move between pages (a revalidation of sw.js, usually a 304) and
// every hour.
const [updateReady, setUpdateReady] = createSignal(false);
let workbox: Workbox | undefined;
const HOURLY_MS = 60 * 60 * 1000;
let checking: Promise<void> | undefined;

export { updateReady };

export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import("workbox-window");
  workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => setUpdateReady(true));
  await workbox.register();
  setInterval(checkForUpdate, HOURLY_MS);
}

/** Asks the server whether a new version is out; one check at a time. */
export function checkForUpdate(): void {
  if (!workbox || !navigator.onLine || checking) return;
  // A failed check (offline, server down) changes nothing; the next one tries again.
  checking = workbox
    .update()
    .catch(() => undefined)
    .finally(() => {
      checking = undefined;
    });
}

/** Activates the waiting worker, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener("controlling", () => window.location.reload());
  workbox.messageSkipWaiting(); // posts {type: "SKIP_WAITING"} to the waiting worker
  setUpdateReady(false);
}

/**
 * On a kiosk the visitor is never asked (UpdatePrompt): a waiting version takes over between two
 * visitors, as the reset loads a fresh start page (kioskReset.ts). Resolves once it controls this
 * page, or after `waitMs`; the fresh page then loads from whichever version the browser has.
 */
export async function activateWaitingUpdate(waitMs = 3_000): Promise<void> {
  const waiting = workbox;
  if (!waiting || !updateReady()) return;
  const controlling = new Promise<void>((resolve) =>
    waiting.addEventListener("controlling", () => resolve()),
  );
  waiting.messageSkipWaiting();
  setUpdateReady(false);
  await Promise.race([controlling, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

export function dismissUpdate(): void {
  setUpdateReady(false);
}
