// On a kiosk, what a visitor searches the directory for stays out of the page address. The browser
// records every address it shows in its history database, which feeds the address bar's
// suggestions and outlives the app's reset (the app cannot clear it): "/search?q=I+want+to+kill+myself"
// would be there for the next person. So on a kiosk the search's parameters (the words, the
// category and the other filters) live in the history entry's state, and the address is only
// "/search". Back, Forward and a reload bring the entry's state back with it, so the search page
// shows the same results, online or offline; the reset (kioskHistory.ts) drops those entries.
// Elsewhere the address keeps them, so a search can be bookmarked and shared.
import type { Navigator } from "@solidjs/router";
import { kiosk } from "./kiosk";

const STATE_KEY = "kioskSearch";

/** The search's parameters: on a kiosk, those kept in the entry's state if any, else the address's. */
export function searchParamsOf(location: { search: string; state: unknown }): URLSearchParams {
  const kept = kiosk() ? keptSearch(location.state) : null;
  return new URLSearchParams(kept ?? location.search);
}

function keptSearch(state: unknown): string | null {
  const value =
    typeof state === "object" && state !== null ? (state as Record<string, unknown>)[STATE_KEY] : null;
  return typeof value === "string" ? value : null;
}

export interface SearchTarget {
  href: string;
  /** Set on a kiosk: the parameters, kept with the history entry instead of in its address. */
  state?: Record<string, string>;
}

/** Where a search with these parameters goes. */
export function searchTarget(params: URLSearchParams): SearchTarget {
  if (kiosk()) return { href: "/search", state: { [STATE_KEY]: params.toString() } };
  return { href: params.size > 0 ? `/search?${params}` : "/search" };
}

/**
 * On a kiosk, a link to a search with words in its address ("Did you mean", the home page's need
 * tiles) is followed the kiosk's way instead. Returns what removes the listener.
 */
export function followSearchLinksWithoutWords(navigate: Navigator): () => void {
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== "/search" || !url.search) return;
    event.preventDefault(); // the router's own link handling stands aside
    const target = searchTarget(url.searchParams);
    navigate(target.href, { state: target.state });
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
