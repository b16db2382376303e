// One directory service: the device's copy first (instant, works offline), else
// GET /api/v1/services/{id}. A 404 ApiError means the service does not exist or was deleted. An id merged
// into another record as a duplicate finds that record (its mergedIds), on the device or the server.
import type { DirectoryService } from "../../../shared/directory/types";
import { apiData } from "../api/client";
import { database } from "../device/db";
import type { SavedService } from "./savedService";
import { findMergedInto, readServices } from "./serviceBuckets";

export async function loadService(id: string): Promise<SavedService> {
  const saved = await readServices(database(), [id]).catch(() => undefined);
  const own = saved?.get(id);
  if (own) return own;
  const merged = await findMergedInto(database(), id).catch(() => undefined);
  if (merged) return merged;
  return apiData<DirectoryService>(`/api/v1/services/${encodeURIComponent(id)}`);
}
