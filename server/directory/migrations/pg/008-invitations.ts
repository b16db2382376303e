/** Invitations on PostgreSQL, as the sql.js revision 8 (../008_invitations.ts). */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgInvitations: PgMigration = {
  version: 8,
  name: "invitations",
  up: `CREATE TABLE invitations (
  token_hash text PRIMARY KEY, email text NOT NULL, name text, role text NOT NULL CHECK (role IN ('admin', 'partner')),
  organization_id text, invited_by text, created_at text NOT NULL, expires_at text NOT NULL, used_at text
);
CREATE INDEX invitations_email ON invitations(email);`,
  down: "DROP TABLE invitations;",
};
