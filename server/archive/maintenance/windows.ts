/**
 * Maintenance windows at run time: which one is current and which are announced, read from the
 * repository (`maintenance_windows`, written by `chc archive maintenance on`) at most once a
 * second of the module's clock, so every process sees a window another scheduled. While a window
 * is current, API routes other than /api/health answer 503 ServiceUnavailable with Retry-After;
 * health reports it; GET /api/maintenance lists them all.
 */
import type { MiddlewareHandler } from "hono";
import { type Clock, systemClock } from "../../core/clock.js";
import { serviceUnavailable } from "../../core/errors.js";
import type { ArchiveRepository, MaintenanceWindowRow } from "../repository.js";

export interface Maintenance {
  until: string;
  reason: string;
}

/** A window's end: when an operator ended it early, else its planned end. */
export const windowEnd = (w: MaintenanceWindowRow) => w.ended_at ?? w.ends_at;

export interface MaintenanceWindows {
  /** The window current now, as the gate and health show it, or null. */
  current(): Maintenance | null;
  /** Announced and current windows (re-read first when the last read is over a second old). */
  list(): Promise<MaintenanceWindowRow[]>;
  /** Re-reads when the last read is over a second old. */
  refresh(): Promise<void>;
  /** Now, on the module's clock (ISO). */
  now(): string;
}

export function maintenanceWindows(repo: ArchiveRepository, clock: Clock = systemClock): MaintenanceWindows {
  let checkedAt = Number.NEGATIVE_INFINITY;
  let windows: MaintenanceWindowRow[] = [];
  let reading: Promise<void> | null = null;
  const refresh = async () => {
    const now = clock.now();
    if (now - checkedAt <= 1000) return;
    reading ??= repo
      .maintenanceWindowsFrom(new Date(now).toISOString())
      .then((rows) => {
        windows = rows;
        checkedAt = now;
      })
      .finally(() => {
        reading = null;
      });
    await reading;
  };
  return {
    current() {
      // Every archive request asks (the gate): with no window announced, formatting the time is waste.
      if (windows.length === 0) return null;
      const now = new Date(clock.now()).toISOString();
      const w = windows.find((x) => x.starts_at <= now && windowEnd(x) > now);
      return w ? { until: windowEnd(w), reason: w.reason } : null;
    },
    async list() {
      await refresh();
      const now = new Date(clock.now()).toISOString();
      return windows.filter((w) => windowEnd(w) > now);
    },
    refresh,
    now: () => new Date(clock.now()).toISOString(),
  };
}

/** Every public archive API path (the gate's scope); /api/health and /api/maintenance stay open. */
export const ARCHIVE_API_PATHS = [
  "/api/search",
  "/api/sources",
  "/api/snapshot/*",
  "/api/changes",
  "/api/changes/*",
  "/api/editions",
  "/api/editions/*",
  "/api/usage",
  "/api/exports",
  "/api/exports/*",
];

export function maintenanceGate(
  windows: () => MaintenanceWindows | null,
  clock: Clock = systemClock,
): MiddlewareHandler {
  return async (_c, next) => {
    const w = windows();
    await w?.refresh();
    const m = w?.current();
    if (m) {
      const seconds = Math.max(1, Math.ceil((Date.parse(m.until) - clock.now()) / 1000));
      throw serviceUnavailable(
        `The service is under maintenance until ${m.until}: ${m.reason}`,
        Math.min(seconds, 3600),
      );
    }
    await next();
  };
}
