// The operator view of the directory service: GET /api/v1/admin/observability (admin only).
import type { BreakerHealth } from "../../../shared/ops/breaker";
import type { Lang } from "../../i18n/language";
import { apiData } from "../api/client";
import type { Incident } from "./incidents";

export type WindowName = "5m" | "1h" | "24h";
export const WINDOW_NAMES: readonly WindowName[] = ["5m", "1h", "24h"];

export interface RouteStats {
  route: string;
  method: string;
  count: number;
  errorRate: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** One step of all /api/v1 traffic: requests started in [at, at + stepSeconds). */
export interface SeriesPoint {
  at: string;
  requests: number;
  errors: number;
  ratePerMinute: number;
  errorRate: number | null;
  p95: number | null;
}

export interface Series {
  stepSeconds: number;
  points: SeriesPoint[];
}

/**
 * How the steps' times between `firstMs` and `lastMs` are written (chart ticks, the figures
 * table, the peak): with the weekday when they cross midnight (the 24 h window, where "23:45" then
 * "00:00" would not say which day), with seconds when they span minutes (the 5 min window).
 */
export function stepTimeFormat(firstMs: number, lastMs: number): Intl.DateTimeFormatOptions {
  const clock: Intl.DateTimeFormatOptions =
    lastMs - firstMs <= 10 * 60_000
      ? { hour: "2-digit", minute: "2-digit", second: "2-digit" }
      : { hour: "2-digit", minute: "2-digit" };
  return new Date(firstMs).toDateString() !== new Date(lastMs).toDateString()
    ? { weekday: "short", ...clock }
    : clock;
}

export interface Observability {
  generatedAt: string;
  routes: Record<WindowName, RouteStats[]>;
  series: Record<WindowName, Series>;
  breakers: BreakerHealth[];
  thresholds: {
    checks: Array<{ name: string; target: string; value: string; pass: boolean }>;
    healthy: boolean;
  };
  impliedSeverity: { severity: string; reasons: string[] } | null;
  activeIncidents: Incident[];
  alertDelivery: {
    channels: Array<{
      name: "chat" | "mail";
      configured: boolean;
      lastDeliveredAt: string | null;
      lastFailedAt: string | null;
    }>;
    undelivered: { count: number; lastAt: string | null; lastIncidentId: string | null };
  };
}

/** The view with its checks and severity reasons worded in `language`. */
export async function fetchObservability(language: Lang): Promise<Observability> {
  return apiData<Observability>(`/api/v1/admin/observability?lang=${language}`);
}
