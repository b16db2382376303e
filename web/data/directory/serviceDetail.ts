// One directory service: the device's copy first (instant, works offline), else
// GET /api/v1/services/{id}. A 404 ApiError means the service does not exist or was deleted. An id merged
// into another record as a duplicate finds that record (its mergedIds), on the device or the server.
// A device with no database yet (a first visit) has no copy to read: asking would load the database
// layer (Dexie, its largest chunk) and create the database on the page's thread, before the fetch.
import type { DirectoryService } from "../../../shared/directory/types";
import { apiData } from "../api/client";
import { deviceDatabaseExists } from "../device/dbName";
import type { SavedService } from "./savedService";

export async function loadService(id: string): Promise<SavedService> {
  const saved = (await deviceDatabaseExists()) ? await savedCopy(id).catch(() => undefined) : undefined;
  if (saved) return saved;
  return apiData<DirectoryService>(`/api/v1/services/${encodeURIComponent(id)}`);
}

/** The device's copy of `id`, or of the record it was merged into. */
async function savedCopy(id: string): Promise<SavedService | undefined> {
  const [{ database }, { findMergedInto, readServices }] = await Promise.all([
    import("../device/db"),
    import("./serviceBuckets"),
  ]);
  const own = (await readServices(database(), [id])).get(id);
  return own ?? (await findMergedInto(database(), id));
}
