// Reads from the archive API (same origin). A 503 ServiceUnavailable answer means the archive is in
// maintenance: the notice is published through archiveMaintenance so every archive page can show it.
import { clearMaintenance, reportMaintenance } from "./archiveMaintenance";

/** An archive API answer that was not 200; `status` lets pages tell "not found" from "unavailable". */
export class ArchiveApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ArchiveApiError";
  }
}

export async function archiveGet<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: "application/json" } });
  if (res.ok) {
    clearMaintenance();
    return (await res.json()) as T;
  }
  let message = `GET ${path.split("?")[0]} answered ${res.status}`;
  try {
    const body = (await res.json()) as { error?: unknown; message?: unknown };
    if (typeof body.message === "string") message = body.message;
    if (res.status === 503 && body.error === "ServiceUnavailable") void reportMaintenance(message);
  } catch {
    // not a JSON error envelope: keep the generic message
  }
  throw new ArchiveApiError(res.status, message);
}
