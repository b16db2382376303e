// The last step of a kiosk reset and of the quick exit: leave the browser history with nothing of
// the visit in it, then load a fresh page (the start page, or the quick exit's neutral site) in
// place of the current one, so nothing of the visit stays in memory either.
//
// Replacing the current entry is not enough: the pages the visitor opened before it (a search
// whose words are in its address, a service page) stay behind it, and Back reloads them. So the
// tab first goes back to the app's oldest entry (Navigation API), rewrites it to "/", pushes one
// entry (which drops every entry after it), and replaces that one with a fresh load of the target.
// What remains is "/" and the target. Checked in Chromium by tests/browser/kiosk-reset.test.ts and
// tests/browser/quick-exit.test.ts.
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

export const startOverInFreshDocument = () => leaveVisitBehind("/");

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
