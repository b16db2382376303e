// Archive maintenance notice. The archive API answers 503 ServiceUnavailable while an operator has
// it in maintenance, and the maintenance gate's message says until when and why (health's detailed
// view needs the operator's token, so the page reads the message only). Held in memory only (a
// signal), so the notice disappears on the next successful visit. Windows announced ahead come
// from GET /api/maintenance, so the pages can say when the archive will be away before it is.
import { createSignal } from "solid-js";
import { apiRequest } from "../api/client";

export interface MaintenanceNotice {
  /** ISO time the maintenance is planned to end, when known. */
  until: string | null;
  /** The operator's reason, as written (not translated). */
  reason: string | null;
}

const [notice, setNotice] = createSignal<MaintenanceNotice | null>(null);

export { notice as maintenanceNotice };

/** A window announced ahead (GET /api/maintenance), times in ISO 8601. */
export interface UpcomingMaintenance {
  startsAt: string;
  endsAt: string;
  reason: string;
}

const [upcoming, setUpcoming] = createSignal<UpcomingMaintenance | null>(null);

export { upcoming as upcomingMaintenance };

/** Reads the next announced window; offline or on any error, nothing is announced. */
export async function loadUpcomingMaintenance(): Promise<void> {
  try {
    const body = await apiRequest<{ windows: (UpcomingMaintenance & { status: string })[] }>(
      "/api/maintenance",
    );
    const next = body.windows.find((w) => w.status === "announced" && Date.parse(w.endsAt) > Date.now());
    setUpcoming(next ? { startsAt: next.startsAt, endsAt: next.endsAt, reason: next.reason } : null);
  } catch {
    setUpcoming(null);
  }
}

export function clearMaintenance(): void {
  setNotice(null);
}

/**
 * Called on a 503 ServiceUnavailable. Only the maintenance gate's message (naming the end and the
 * reason) sets the notice: any other 503 (a full disk, say) is not maintenance.
 */
export function reportMaintenance(message: string): void {
  const stated = maintenanceFromMessage(message);
  if (stated) setNotice(stated);
}

/** Reads "... under maintenance until <ISO time>: <reason>" from the API's error message. */
export function maintenanceFromMessage(message: string): MaintenanceNotice | null {
  const m = /under maintenance until (\S+?): (.*)$/s.exec(message);
  if (!m || Number.isNaN(Date.parse(m[1]))) return null;
  return { until: m[1], reason: m[2].trim().slice(0, 300) || null };
}
