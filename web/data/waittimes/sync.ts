// Saves the hospital registry and each hospital's latest figure on the device, in one request
// (GET /api/hospitals?include=latest, about 220 hospitals) and one transaction, alongside the
// directory's sync. The wait-times list, a hospital's latest figure and methodology, and the
// compare brief then work offline even on pages never opened online.

import { type AppDatabase, database, WAITS_SCOPE } from "../device/db";
import { type FetchedRegistry, fetchRegistry } from "./fetchRegistry";

export interface WaitsSyncOutcome {
  hospitals: number;
  savedAt: string;
}

let running: Promise<WaitsSyncOutcome> | undefined;

async function save(db: AppDatabase, { hospitals, latest, savedAt }: FetchedRegistry) {
  await db.transaction("rw", db.hospitals, db.latestWaits, db.syncState, async () => {
    // Replace everything: a hospital removed upstream disappears here too.
    await db.hospitals.clear();
    await db.hospitals.bulkPut(hospitals);
    await db.latestWaits.clear();
    await db.latestWaits.bulkPut(latest);
    await db.syncState.put({ scope: WAITS_SCOPE, cursor: null, lastSuccessAt: savedAt, lastError: null });
  });
}

async function run(given: FetchedRegistry | undefined): Promise<WaitsSyncOutcome> {
  const db = database();
  try {
    const fetched = given ?? (await fetchRegistry());
    await save(db, fetched);
    return { hospitals: fetched.hospitals.length, savedAt: fetched.savedAt };
  } catch (error) {
    const before = await db.syncState.get(WAITS_SCOPE).catch(() => undefined);
    await db.syncState
      .put({
        scope: WAITS_SCOPE,
        cursor: null,
        lastSuccessAt: before?.lastSuccessAt ?? null,
        lastError: String(error),
      })
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Brings the saved registry and figures up to date (one run at a time); throws if the server cannot
 * be read. `given`: a copy the page fetched just now, saved as it is instead of fetched again.
 */
export function syncWaitTimes(given?: FetchedRegistry): Promise<WaitsSyncOutcome> {
  running ??= run(given).finally(() => {
    running = undefined;
  });
  return running;
}
