/**
 * The incident log on PostgreSQL, as the sql.js revision 3 (../003_incidents.ts). `UNIQUE (day, seq)`
 * is what finally refuses a second incident under the same id, whichever process opens it.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgIncidents: PgMigration = {
  version: 3,
  name: "incidents",
  up: `
CREATE TABLE incidents (
  id text PRIMARY KEY, day text NOT NULL, seq integer NOT NULL,
  severity text NOT NULL CHECK (severity IN ('SEV-1','SEV-2','SEV-3','SEV-4')), title text NOT NULL,
  status text NOT NULL, source text NOT NULL, breach_key text, commander text, channel text,
  false_positive integer NOT NULL DEFAULT 0, started_at text NOT NULL, detected_at text NOT NULL,
  acknowledged_at text, mitigated_at text, resolved_at text, reviewed_at text, closed_at text, last_update_at text,
  UNIQUE (day, seq)
);
CREATE TABLE incident_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, incident_id text NOT NULL REFERENCES incidents(id),
  at text NOT NULL, actor text, action text NOT NULL, note text
);
CREATE INDEX incident_events_incident ON incident_events(incident_id);
`,
  down: "DROP TABLE incident_events; DROP TABLE incidents;",
};
