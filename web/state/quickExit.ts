// "Exit this page", for someone who may be watched (abuse at home): the page is hidden at once,
// then the tab leaves for a neutral site with the visit gone from its history (kioskHistory.ts).
// The site comes from the meta tag the server writes into the shell (QUICK_EXIT_URL), so it is
// known offline too. On a kiosk the quick exit starts over instead (kioskReset.ts): a shared
// screen must not be left on an outside site, and the next person must find nothing of the visit.
import { kiosk } from "./kiosk";
import { forgetOnResetInPlace, LEAVING_CLASS, leaveVisitBehind } from "./kioskHistory";
import { startOver } from "./kioskReset";

/** Used when the shell carries no usable address (e.g. the development server). */
export const DEFAULT_QUICK_EXIT_URL = "https://www.google.ca";

export function quickExitUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="quick-exit-url"]');
  const value = meta?.content.trim() ?? "";
  return /^https?:\/\//i.test(value) ? value : DEFAULT_QUICK_EXIT_URL;
}

/** Hides everything at once (nothing to fetch, so it works offline), before the slower steps. */
export function hidePage(): void {
  document.documentElement.classList.add(LEAVING_CLASS);
  window.scrollTo(0, 0);
}

let leaving = false;
// A kiosk that started over without loading a page (kioskHistory.ts) stays ready for the next exit.
forgetOnResetInPlace(() => {
  leaving = false;
});

export function quickExit(): void {
  hidePage();
  if (leaving) return;
  leaving = true;
  if (kiosk()) void startOver();
  else void leaveVisitBehind(quickExitUrl());
}

/** The kiosk's "I'm done / Start over": the idle timer's reset, now. */
export function startOverNow(): void {
  hidePage();
  void startOver();
}
