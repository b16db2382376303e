// The last step of a kiosk reset and of the quick exit: leave the browser history with nothing of
// the visit in it, then load a fresh page (the start page, or the quick exit's neutral site) in
// place of the current one, so nothing of the visit stays in memory either.
//
// Replacing the current entry is not enough: the pages the visitor opened before it (a search
// whose words are in its address, a service page) stay behind it, and Back reloads them. So the
// tab first goes back to the app's oldest entry (Navigation API), rewrites it to "/", pushes one
// entry (which drops every entry after it), and replaces that one with a fresh load of the target.
// What remains is "/" and the target. Checked in Chromium by tests/browser/kiosk-reset.test.ts and
// tests/browser/quick-exit.test.ts. A kiosk reset that cannot load a page (offline, no service
// worker) starts over in this document instead (startOverInFreshDocument below).
import { USE_EVENTS } from "./kioskActivity";

/** Holds the target while the job moves to an earlier document ("1": the start page, as before). */
const FINISH_KEY = "chc.kiosk.finishReset";
/** Set on the page being left: the stylesheet hides it, so nothing of the visit shows meanwhile. */
export const LEAVING_CLASS = "leaving";

/** Only the start page or a web address: what the stored key says is checked before it is loaded. */
const safeTarget = (stored: string | null) => (stored && /^https?:\/\//i.test(stored) ? stored : "/");

function finish(target: string): void {
  document.documentElement.classList.add(LEAVING_CLASS);
  try {
    sessionStorage.removeItem(FINISH_KEY);
  } catch {
    // storage blocked: nothing was stored either
  }
  history.replaceState(null, "", "/"); // also what the next document sees as its referrer
  history.pushState(null, "", "/");
  window.scrollTo(0, 0);
  location.replace(target);
}

/** Leaves for `target` ("/" or an http(s) address) with the visit gone from this tab's history. */
export async function leaveVisitBehind(target: string): Promise<void> {
  const nav = "navigation" in window ? window.navigation : undefined;
  const oldest = nav?.entries()[0];
  if (nav && oldest && oldest.key !== nav.currentEntry?.key) {
    // When the oldest entry belongs to an earlier document, this one unloads on the way and that
    // one finishes the job at start-up (finishInterruptedReset).
    try {
      sessionStorage.setItem(FINISH_KEY, target === "/" ? "1" : target);
    } catch {
      // storage blocked: the current entry is still replaced below
    }
    await nav.traverseTo(oldest.key).committed?.catch(() => undefined);
  }
  // Browsers without the Navigation API only get the current entry replaced.
  finish(target);
}

/**
 * The kiosk reset's last step: a fresh start page. When none can be loaded (offline, or the server
 * down, with no service worker to answer from its copy of the app: some locked-down kiosk browsers
 * have none), loading one would leave the screen on the browser's error page, with no app and no
 * crisis line, so the app starts over in this document instead, and loads a fresh one as soon as
 * the server answers again, if nobody has used the screen meanwhile.
 */
export async function startOverInFreshDocument(): Promise<void> {
  if (redrawable === undefined || (await startPageLoads())) return leaveVisitBehind("/");
  await startOverInPlace(redrawable);
}

/** How long the reset waits to learn whether the server can send a fresh page. */
const PAGE_CHECK_MS = 3_000;
/** After a reset in place, how often the server is asked again (the "online" event may never come). */
const RETRY_PAGE_MS = 60_000;

/** True when loading the start page can work: a service worker answers it from its copy, or the server answers. */
async function startPageLoads(): Promise<boolean> {
  if (navigator.serviceWorker?.controller) return true;
  try {
    const answer = await fetch("/", {
      method: "HEAD",
      cache: "no-store",
      signal: AbortSignal.timeout(PAGE_CHECK_MS),
    });
    return answer.ok;
  } catch {
    return false;
  }
}

/** How this document's app is taken down and drawn again (main.tsx registers it). */
export interface RedrawableApp {
  remove(): void;
  draw(): Promise<void>;
}
let redrawable: RedrawableApp | undefined;

export function appDrawnBy(app: RedrawableApp): void {
  redrawable = app;
}

/** What modules keep in memory of a visit, forgotten by a reset in place (a new document forgets it all). */
const forgetters: Array<() => void> = [];

export function forgetOnResetInPlace(forget: () => void): void {
  forgetters.push(forget);
}

async function startOverInPlace(app: RedrawableApp): Promise<void> {
  document.documentElement.classList.add(LEAVING_CLASS);
  app.remove(); // first, so the router does not follow the history steps below
  // Only this document's entries can be dropped without loading another page: the oldest of them
  // becomes "/", and the push drops every entry after it. Entries of earlier documents stay until
  // a fresh page can be loaded.
  const nav = "navigation" in window ? window.navigation : undefined;
  const oldest = nav?.entries().find((entry) => entry.sameDocument);
  if (nav && oldest && oldest.key !== nav.currentEntry?.key) {
    await nav.traverseTo(oldest.key).committed?.catch(() => undefined);
  }
  history.replaceState(null, "", "/");
  history.pushState(null, "", "/");
  for (const forget of forgetters) forget();
  window.scrollTo(0, 0);
  await app.draw();
  document.documentElement.classList.remove(LEAVING_CLASS);
  loadFreshPageWhenServerAnswers();
}

/** Stops the waiting of the last reset in place: an idle kiosk resets again and again while offline. */
let stopWaitingForServer: (() => void) | undefined;

/** A fresh document as soon as one can be loaded, unless someone starts using the screen first. */
function loadFreshPageWhenServerAnswers(): void {
  stopWaitingForServer?.();
  let stopped = false;
  const stop = () => {
    stopped = true;
    stopWaitingForServer = undefined;
    window.removeEventListener("online", tryNow);
    clearInterval(timer);
    for (const type of USE_EVENTS) window.removeEventListener(type, stop, true);
  };
  const tryNow = async () => {
    if (!(await startPageLoads()) || stopped) return;
    stop();
    void leaveVisitBehind("/");
  };
  const timer = setInterval(tryNow, RETRY_PAGE_MS);
  stopWaitingForServer = stop;
  window.addEventListener("online", tryNow);
  // Someone's visit has begun on this page: its own reset will load a fresh one.
  for (const type of USE_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
}

/** Run at start-up: completes a reset or quick exit that had to move to another document first. */
export function finishInterruptedReset(): boolean {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(FINISH_KEY);
  } catch {
    // storage blocked: no reset was under way
  }
  if (stored === null) return false;
  finish(safeTarget(stored));
  return true;
}

/**
 * A page restored from the back/forward cache comes back with its memory as it was; in kiosk
 * mode, or when it was left by the quick exit, that memory may hold the visit, so it is loaded
 * afresh instead.
 */
export function reloadPagesRestoredFromCache(inKioskMode: () => boolean): void {
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || finishInterruptedReset()) return;
    if (inKioskMode() || document.documentElement.classList.contains(LEAVING_CLASS)) location.reload();
  });
}
