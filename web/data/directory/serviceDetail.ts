// One directory service, from two places: the device's copy (instant, works offline) and, when
// online, the server's, which replaces the copy once it answers: an edit or a deletion since the
// last sync shows at once, where the copy alone kept a deleted service looking open until the next
// sync and a reload. A 404 ApiError from the server means the service does not exist or was
// deleted. An id merged into another record as a duplicate finds that record (its mergedIds), on
// the device or the server.
// A device with no database yet (a first visit) has no copy to read: asking would load the database
// layer (Dexie, its largest chunk) and create the database on the page's thread, before the fetch.
import type { DirectoryService } from "../../../shared/directory/types";
import { apiData } from "../api/client";
import { deviceDatabaseExists } from "../device/dbName";
import type { SavedService } from "./savedService";

/** The device's copy of `id`, or of the record it was merged into; null when it holds none. */
export async function savedService(id: string): Promise<SavedService | null> {
  if (!(await deviceDatabaseExists())) return null;
  const [{ database }, { findMergedInto, readServices }] = await Promise.all([
    import("../device/db"),
    import("./serviceBuckets"),
  ]);
  try {
    const own = (await readServices(database(), [id])).get(id);
    return own ?? (await findMergedInto(database(), id)) ?? null;
  } catch {
    return null; // a copy that cannot be read is no copy: the server answers
  }
}

/** Whether the device holds a saved directory at all (to say why a service is not in it). */
export async function deviceHoldsDirectory(): Promise<boolean> {
  if (!(await deviceDatabaseExists())) return false;
  const { DIRECTORY_SCOPE, database } = await import("../device/db");
  try {
    return Boolean((await database().syncState.get(DIRECTORY_SCOPE))?.lastSuccessAt);
  } catch {
    return false;
  }
}

/** The server's current record of `id`. */
export function currentService(id: string): Promise<DirectoryService> {
  return apiData<DirectoryService>(`/api/v1/services/${encodeURIComponent(id)}`);
}
