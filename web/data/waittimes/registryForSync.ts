// The hospital registry the wait-times page fetched during this visit, handed to the background
// sync so its worker saves that copy instead of asking the server for the same answer again: a
// first visit to the wait times fetched about 220 hospitals twice, once for the page and once for
// the worker. Handed once; a later sync fetches its own.
import type { FetchedRegistry } from "./fetchRegistry";

let handed: Promise<FetchedRegistry | undefined> | undefined;

/** How long a sync waits for the page's answer before fetching the registry itself. */
const WAIT_FOR_PAGE_MS = 10_000;

/** The page's fetch of the registry (undefined when it showed a saved copy or could not fetch). */
export function handRegistryToSync(fetching: Promise<FetchedRegistry | undefined>): void {
  handed = fetching.catch(() => undefined);
}

/**
 * The registry the page fetched, once it has it, for the next sync to save; undefined when none,
 * or when the page's request has not been answered in WAIT_FOR_PAGE_MS (the sync must not hang on it).
 */
export function takeRegistryForSync(): Promise<FetchedRegistry | undefined> {
  const taken = handed;
  handed = undefined;
  if (!taken) return Promise.resolve(undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), WAIT_FOR_PAGE_MS);
  });
  return Promise.race([taken, late]).finally(() => clearTimeout(timer));
}
