import { type Accessor, createEffect, createSignal, on } from "solid-js";
import { whenPageIdle } from "../../pwa/whenPageIdle";
import { online } from "../../state/online";
import { deviceDatabaseExists } from "../device/dbName";
import type { FetchedRegistry } from "./fetchRegistry";
import type { SavedRegistry } from "./hospitals";
import { handRegistryToSync } from "./registryForSync";

/**
 * The device's copy (IndexedDB through Dexie) and whether it is fresh. Its layer is loaded once the
 * page is drawn, not with the page's chunk, and not at all on a device without the database (a
 * first visit): opening and creating it there cost the page's thread several long tasks.
 */
async function savedCopy(): Promise<{ registry: SavedRegistry; fresh: boolean } | undefined> {
  if (!(await deviceDatabaseExists())) return undefined;
  const { isFresh, loadSavedRegistry } = await import("./hospitals");
  const registry = await loadSavedRegistry().catch(() => undefined);
  return registry && { registry, fresh: isFresh(registry) };
}

/** The registry as fetched, shaped as the saved copy the page otherwise shows. */
const asShown = (fetched: FetchedRegistry): SavedRegistry => ({
  hospitals: fetched.hospitals,
  latest: new Map(fetched.latest.map((l) => [l.hospitalId, l])),
  savedAt: fetched.savedAt,
});

// The fetched copy is shown as it comes and saved by the background sync, in its worker, once the
// page is idle: writing 220 hospitals to IndexedDB and reading them back on the page's thread
// blocked it for most of a second on a phone's first visit. The sync is handed this copy
// (registryForSync.ts) rather than fetching it again. (At start-up the background sync runs
// anyway; later, it runs again here unless it ran in the last minutes.)
const saveInBackground = () =>
  whenPageIdle(() => void import("../device/backgroundSync").then((m) => m.syncNow()));

export interface RegistryState {
  registry: Accessor<SavedRegistry | undefined>;
  /** True once the shown copy was fetched just now (false while showing an older saved copy). */
  fresh: Accessor<boolean>;
  failed: Accessor<boolean>;
  retry(): void;
}

/** Shows the saved registry at once, then the fresh one when the network answers (saved afterwards). */
export function useRegistry(): RegistryState {
  const [registry, setRegistry] = createSignal<SavedRegistry>();
  const [fresh, setFresh] = createSignal(false);
  const [failed, setFailed] = createSignal(false);
  const [attempt, setAttempt] = createSignal(0);

  createEffect(
    on(attempt, () => {
      setFailed(false);
      // What this attempt fetched (undefined when it showed a fresh saved copy or failed).
      const shown = (async (): Promise<FetchedRegistry | undefined> => {
        const [saved, { fetchRegistry }] = await Promise.all([savedCopy(), import("./fetchRegistry")]);
        const hasSaved = saved !== undefined && saved.registry.hospitals.length > 0;
        if (hasSaved) {
          setRegistry(saved.registry);
          // Offline, the reader is told how old the copy is, however recent.
          setFresh(saved.fresh && online());
          if (saved.fresh) return undefined;
        }
        if (online()) {
          try {
            const fetched = await fetchRegistry();
            setRegistry(asShown(fetched));
            setFresh(true);
            saveInBackground();
            return fetched;
          } catch {
            // shown from the device below, or the page offers to try again
          }
        }
        if (!hasSaved) setFailed(true);
        return undefined;
      })();
      handRegistryToSync(shown);
      shown.catch(() => setFailed(true)); // the data layer's chunk did not load: the page offers to try again
    }),
  );

  return { registry, fresh, failed, retry: () => setAttempt((n) => n + 1) };
}
