// The last step of a kiosk reset: leave the browser history with nothing of the visit in it, and
// load the start page as a new document so nothing of the visit stays in memory either.
//
// Replacing the current entry is not enough: the pages the visitor opened before it (a search
// whose words are in its address, a service page) stay behind it, and Back reloads them. So the
// tab first goes back to the app's oldest entry (Navigation API), rewrites it to "/", pushes one
// entry (which drops every entry after it), and replaces that one with a fresh load of "/".
// What remains is at most two "/" entries. Checked in Chromium by tests/browser/kiosk-reset.test.ts.
const FINISH_KEY = "chc.kiosk.finishReset";

function finish(): void {
  sessionStorage.removeItem(FINISH_KEY);
  history.replaceState(null, "", "/"); // also what the next document sees as its referrer
  history.pushState(null, "", "/");
  window.scrollTo(0, 0);
  location.replace("/");
}

export async function startOverInFreshDocument(): Promise<void> {
  const nav = "navigation" in window ? window.navigation : undefined;
  const oldest = nav?.entries()[0];
  if (nav && oldest && oldest.key !== nav.currentEntry?.key) {
    // When the oldest entry belongs to an earlier document, this one unloads on the way and that
    // one finishes the job at start-up (finishInterruptedReset).
    sessionStorage.setItem(FINISH_KEY, "1");
    await nav.traverseTo(oldest.key).committed?.catch(() => undefined);
  }
  // Browsers without the Navigation API only get the current entry replaced.
  finish();
}

/** Run at start-up: completes a reset that had to move to another document first. */
export function finishInterruptedReset(): boolean {
  let pending = false;
  try {
    pending = sessionStorage.getItem(FINISH_KEY) !== null;
  } catch {
    // storage blocked: kiosk mode cannot be on, so no reset was under way
  }
  if (!pending) return false;
  finish();
  return true;
}

/**
 * A page restored from the back/forward cache comes back with its memory as it was; in kiosk
 * mode that memory may hold an earlier visit, so it is loaded afresh instead.
 */
export function reloadPagesRestoredFromCache(inKioskMode: () => boolean): void {
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    if (!finishInterruptedReset() && inKioskMode()) location.reload();
  });
}
