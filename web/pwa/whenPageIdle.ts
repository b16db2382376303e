// Start-up work the first paint does not need (registering the service worker, which downloads
// the precache; the first sync of the directory) waits until the page has loaded and the main
// thread is idle: on a phone it otherwise competes with the page's own scripts and requests.

/** How long the work may wait for an idle moment after the load event, at most. */
const IDLE_TIMEOUT_MS = 2000;

export function whenPageIdle(run: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
