import { createSignal } from "solid-js";
import type { Workbox } from "workbox-window";

// Registers the service worker after the page has loaded (workbox-window is loaded lazily so it
// stays out of the first-route bundle) and exposes whether an update is waiting.
const [updateReady, setUpdateReady] = createSignal(false);
let workbox: Workbox | undefined;

export { updateReady };

export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import("workbox-window");
  workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => setUpdateReady(true));
  await workbox.register();
}

/** Activates the waiting worker, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener("controlling", () => window.location.reload());
  workbox.messageSkipWaiting(); // posts {type: "SKIP_WAITING"} to the waiting worker
  setUpdateReady(false);
}

export function dismissUpdate(): void {
  setUpdateReady(false);
}
