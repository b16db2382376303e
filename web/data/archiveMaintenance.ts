// Archive maintenance notice. The archive API answers 503 ServiceUnavailable while an operator has
// it in maintenance; /api/health stays open and its detailed view says until when and why. Held in
// memory only (a signal), so the notice disappears on the next successful visit.
import { createSignal } from "solid-js";

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

/** Reads the health details' `maintenance` block; falls back on the Retry-After delay. */
export async function reportMaintenance(retryAfterSeconds: number | null, now = Date.now()): Promise<void> {
  const fallback: MaintenanceNotice = {
    until: retryAfterSeconds ? new Date(now + retryAfterSeconds * 1000).toISOString() : null,
    reason: null,
  };
  setNotice(notice() ?? fallback);
  try {
    const res = await fetch("/api/health?details=1", { headers: { accept: "application/json" } });
    const body = (await res.json()) as { maintenance?: unknown };
    setNotice(maintenanceFromHealth(body.maintenance) ?? fallback);
  } catch {
    setNotice(fallback);
  }
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
