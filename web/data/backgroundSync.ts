// Keeps the device's copy fresh: syncs the directory and the hospital registry with its latest
// wait figures at start-up and whenever the connection returns (at most once per interval, never
// two at once), and replays the outbox at both moments.
import { createSignal } from "solid-js";
import { syncDirectory } from "./directorySync";
import { replayOutbox } from "./outbox";
import { syncWaitTimes } from "./waitsSync";

const MIN_INTERVAL_MS = 5 * 60_000;
let running: Promise<void> | undefined;
let lastRun = 0;
const [syncedAt, setSyncedAt] = createSignal<string | null>(null);

/** Set when a sync has finished (for pages that wait on the first copy of the directory). */
export { syncedAt };

export function syncNow(force = false): Promise<void> {
  if (running) return running;
  if (!navigator.onLine || (!force && Date.now() - lastRun < MIN_INTERVAL_MS)) return Promise.resolve();
  lastRun = Date.now();
  // Each keeps its error in syncState and the next chance retries; one failing does not stop the other.
  const directory = syncDirectory().then(() => {
    setSyncedAt(new Date().toISOString());
  });
  running = Promise.allSettled([directory, syncWaitTimes()])
    .then(() => undefined)
    .finally(() => {
      running = undefined;
    });
  return running;
}

export function startBackgroundSync(): void {
  const catchUp = () => {
    if (!navigator.onLine) return;
    void replayOutbox().catch(() => undefined);
    void syncNow(true);
  };
  catchUp();
  window.addEventListener("online", catchUp);
}
