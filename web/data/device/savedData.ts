// What the settings pages show and do about the device's copy, so that pages never open IndexedDB
// themselves: how many records each kind holds, when the directory was last synced, and clearing
// everything (the database, the index held in memory and the service worker's cache of API reads).
import { API_CACHE_NAME } from "../../../sw/cacheNames";
import { forgetDeviceIndex } from "../directory/deviceIndex";
import { countServices } from "../directory/serviceBuckets";
import { DIRECTORY_SCOPE, database, deleteDatabase, type SyncStateRecord } from "./db";

export { API_CACHE_NAME };

export interface SavedCounts {
  hospitals: number;
  services: number;
  outbox: number;
}

export async function countSavedRecords(): Promise<SavedCounts> {
  const db = database();
  const [hospitals, services, outbox] = await Promise.all([
    db.hospitals.count(),
    countServices(db),
    db.outbox.count(),
  ]);
  return { hospitals, services, outbox };
}

export async function readDirectorySyncState(): Promise<SyncStateRecord | null> {
  return (await database().syncState.get(DIRECTORY_SCOPE)) ?? null;
}

/** Removes everything the app saved on this device for offline use. */
export async function clearDeviceData(): Promise<void> {
  await deleteDatabase();
  forgetDeviceIndex();
  if (typeof caches !== "undefined") await caches.delete(API_CACHE_NAME);
}
