/**
 * Revision 12 on PostgreSQL, as ../012_edition_status.ts: rows with a status outside the five are
 * repaired the same way, then a CHECK constraint refuses any other value.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";
import { EDITION_STATUSES, repairEditionStatuses } from "../012_edition_status.js";

export const pgEditionStatus: PgMigration = {
  version: 12,
  name: "annual editions: status limited to its five values",
  up: `${repairEditionStatuses}
ALTER TABLE annual_editions ADD CONSTRAINT annual_editions_status_allowed
  CHECK (status IN (${EDITION_STATUSES.map((s) => `'${s}'`).join(", ")}));`,
  down: "ALTER TABLE annual_editions DROP CONSTRAINT annual_editions_status_allowed;",
};
