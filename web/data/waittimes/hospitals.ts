// The hospital registry and latest figures as this device saved them (sync.ts), for the
// wait-times list, a hospital's page and the compare page, online or not.
import { database, type HospitalRecord, type LatestWaitRecord, WAITS_SCOPE } from "../device/db";
import { syncWaitTimes } from "./sync";

export type { HospitalRecord, LatestWaitRecord };

export interface SavedRegistry {
  /** Every saved hospital, any province, in no particular order. */
  hospitals: HospitalRecord[];
  /** Latest reported figure per hospital id (value null: never reported). */
  latest: Map<string, LatestWaitRecord>;
  /** When the registry was last fetched from the server; null if never. */
  savedAt: string | null;
}

/** A sync newer than this is fresh enough for a page that opens: it does not fetch again. */
const FRESH_MS = 60_000;

export async function loadSavedRegistry(): Promise<SavedRegistry> {
  const db = database();
  const [hospitals, latest, sync] = await Promise.all([
    db.hospitals.toArray(),
    db.latestWaits.toArray(),
    db.syncState.get(WAITS_SCOPE),
  ]);
  return {
    hospitals,
    latest: new Map(latest.map((l) => [l.hospitalId, l])),
    savedAt: sync?.lastSuccessAt ?? null,
  };
}

/** True when a copy saved at `savedAt` was fetched less than a minute ago. */
export function isFreshSince(savedAt: string | null, now = Date.now()): boolean {
  return savedAt !== null && now - Date.parse(savedAt) < FRESH_MS;
}

/** True when the saved copy was fetched less than a minute ago. */
export function isFresh(registry: SavedRegistry, now = Date.now()): boolean {
  return isFreshSince(registry.savedAt, now);
}

/**
 * The saved registry, first brought up to date when online and older than a minute. Throws
 * "offline-no-copy" when nothing is saved and the server cannot be reached.
 */
export async function loadRegistry(isOnline: boolean): Promise<SavedRegistry> {
  const saved = await loadSavedRegistry().catch(() => undefined);
  if (saved && isFresh(saved)) return saved;
  if (isOnline) {
    try {
      await syncWaitTimes();
      return await loadSavedRegistry();
    } catch (error) {
      if (saved && saved.hospitals.length > 0) return saved;
      throw error;
    }
  }
  if (saved && saved.hospitals.length > 0) return saved;
  throw new Error("offline-no-copy");
}

/** One saved hospital by id or alias, with its latest figure and when the registry was saved. */
export async function loadSavedHospital(
  ref: string,
): Promise<{ hospital: HospitalRecord; latest?: LatestWaitRecord; savedAt: string | null } | undefined> {
  const db = database();
  const hospital =
    (await db.hospitals.get(ref)) ?? (await db.hospitals.filter((h) => h.aliases.includes(ref)).first());
  if (!hospital) return undefined;
  const [latest, sync] = await Promise.all([db.latestWaits.get(hospital.id), db.syncState.get(WAITS_SCOPE)]);
  return { hospital, latest, savedAt: sync?.lastSuccessAt ?? null };
}
