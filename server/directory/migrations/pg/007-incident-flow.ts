/** The incident flow on PostgreSQL, as the sql.js revision 7 (../007_incident_flow.ts). */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgIncidentFlow: PgMigration = {
  version: 7,
  name: "incident_flow",
  up: `ALTER TABLE incidents ADD COLUMN user_facing integer NOT NULL DEFAULT 0;
UPDATE incidents SET channel = '#' || lower(id) WHERE channel IS NULL AND severity IN ('SEV-1','SEV-2');`,
  down: "ALTER TABLE incidents DROP COLUMN user_facing;",
};
