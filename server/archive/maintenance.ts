/**
 * Maintenance mode, kept in `<DATA_DIR>/archive/maintenance.json` ({until, reason}) so the CLI can
 * switch it while the server runs (the database is the server's). While active (until in the
 * future), API routes other than /api/health answer 503 ServiceUnavailable with Retry-After;
 * health reports it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { type Clock, systemClock } from "../core/clock.js";
import { serviceUnavailable } from "../core/errors.js";

export interface Maintenance {
  until: string;
  reason: string;
}

export const maintenanceFile = (dataDir: string) => path.join(dataDir, "archive", "maintenance.json");

export function setMaintenance(dataDir: string, m: Maintenance | null): void {
  const file = maintenanceFile(dataDir);
  if (!m) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(m));
  renameSync(`${file}.tmp`, file);
}

/** Reads the file at most once a second (cheap on every request). */
export function maintenanceReader(dataDir: string, clock: Clock = systemClock): () => Maintenance | null {
  const file = maintenanceFile(dataDir);
  let checkedAt = 0;
  let mtime = -1;
  let current: Maintenance | null = null;
  return () => {
    const now = clock.now();
    if (now - checkedAt > 1000) {
      checkedAt = now;
      const m = existsSync(file) ? statSync(file).mtimeMs : -1;
      if (m !== mtime) {
        mtime = m;
        try {
          current = m < 0 ? null : (JSON.parse(readFileSync(file, "utf8")) as Maintenance);
        } catch {
          current = null;
        }
      }
    }
    return current && Date.parse(current.until) > now ? current : null;
  };
}

/** Every public archive API path (the gate's scope); /api/health stays open and reports maintenance. */
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
  active: () => Maintenance | null,
  clock: Clock = systemClock,
): MiddlewareHandler {
  return async (c, next) => {
    const m = active();
    if (m && c.req.path !== "/api/health") {
      const seconds = Math.max(1, Math.ceil((Date.parse(m.until) - clock.now()) / 1000));
      throw serviceUnavailable(
        `The service is under maintenance until ${m.until}: ${m.reason}`,
        Math.min(seconds, 3600),
      );
    }
    await next();
  };
}
