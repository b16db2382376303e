// Archive maintenance notice. The archive API answers 503 ServiceUnavailable while an operator has
// it in maintenance; /api/health stays open and its detailed view says until when and why. Held in
// memory only (a signal), so the notice disappears on the next successful visit.
import { createSignal } from "solid-js";
import { ApiError, apiRequest } from "../api/client";

export interface MaintenanceNotice {
  /** ISO time the maintenance is planned to end, when known. */
  until: string | null;
  /** The operator's reason, as written (not translated). */
  reason: string | null;
}

const [notice, setNotice] = createSignal<MaintenanceNotice | null>(null);

export { notice as maintenanceNotice };

export function clearMaintenance(): void {
  setNotice(null);
}

/**
 * Called on a 503 ServiceUnavailable. The maintenance gate's message names the end and the reason;
 * any other 503 (a full disk, say) is checked against health's `maintenance` block, so the banner
 * only claims maintenance when an operator really declared it.
 */
export async function reportMaintenance(message: string): Promise<void> {
  const stated = maintenanceFromMessage(message);
  if (stated) {
    setNotice(stated);
    return;
  }
  try {
    // A 503 health answer still carries the maintenance block: read the body whatever the status.
    const body = await apiRequest<{ maintenance?: unknown }>("/api/health?details=1").catch((error) =>
      error instanceof ApiError ? (error.body as { maintenance?: unknown } | null) : null,
    );
    const found = maintenanceFromHealth(body?.maintenance);
    if (found) setNotice(found);
  } catch {
    // health unreachable: the page's own error message stands alone
  }
}

/** Reads "... under maintenance until <ISO time>: <reason>" from the API's error message. */
export function maintenanceFromMessage(message: string): MaintenanceNotice | null {
  const m = /under maintenance until (\S+?): (.*)$/s.exec(message);
  if (!m || Number.isNaN(Date.parse(m[1]))) return null;
  return { until: m[1], reason: m[2].trim().slice(0, 300) || null };
}

/** The notice from health's `maintenance` field ({active, until, reason}), or null when inactive. */
export function maintenanceFromHealth(value: unknown): MaintenanceNotice | null {
  if (!value || typeof value !== "object") return null;
  const m = value as { active?: unknown; until?: unknown; reason?: unknown };
  if (m.active !== true) return null;
  const until = typeof m.until === "string" && !Number.isNaN(Date.parse(m.until)) ? m.until : null;
  const reason = typeof m.reason === "string" && m.reason.trim() ? m.reason.trim().slice(0, 300) : null;
  return { until, reason };
}
