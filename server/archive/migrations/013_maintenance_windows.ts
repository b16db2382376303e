/**
 * Revision 13: maintenance windows (spec 001 §8), scheduled by `chc archive maintenance on` and
 * listed by GET /api/maintenance. Each keeps its type, start and planned end, when it was
 * announced, the override (emergency or force) and reason an operator gave to schedule it against
 * the rules, the rules it broke, and when an operator ended it early.
 */
import type { Migration } from "../../db/types.js";

/** One table, the same text on both backends (times are ISO text, as everywhere in the archive). */
export const maintenanceWindowsTable = (id: string) => `
CREATE TABLE maintenance_windows (
  ${id},
  type TEXT NOT NULL CHECK (type IN ('routine', 'major', 'emergency')),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL CHECK (ends_at > starts_at),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
  announced_at TEXT NOT NULL CHECK (announced_at <= starts_at),
  override TEXT CHECK (override IS NULL OR override IN ('emergency', 'force')),
  override_reason TEXT CHECK (override_reason IS NULL OR length(override_reason) BETWEEN 1 AND 300),
  rules_broken TEXT,
  ended_at TEXT,
  created_at TEXT NOT NULL,
  CHECK (override IS NULL OR override_reason IS NOT NULL)
);
CREATE INDEX maintenance_windows_ends_at ON maintenance_windows(ends_at);
`;

export const maintenanceWindowsMigration: Migration = {
  version: 13,
  name: "maintenance windows: type, times, announcement and overrides",
  up: maintenanceWindowsTable("id INTEGER PRIMARY KEY"),
  down: "DROP TABLE maintenance_windows;",
};
