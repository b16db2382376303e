// Reads from the archive API (same origin). A 503 ServiceUnavailable answer means the archive is in
// maintenance: the notice is published through archiveMaintenance so every archive page can show it.
import { ApiError, apiRequest } from "../api/client";
import { clearMaintenance, reportMaintenance } from "./maintenance";

export async function archiveGet<T>(path: string): Promise<T> {
  try {
    const body = await apiRequest<T>(path);
    clearMaintenance();
    return body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && error.error === "ServiceUnavailable")
      reportMaintenance(error.message);
    throw error;
  }
}
