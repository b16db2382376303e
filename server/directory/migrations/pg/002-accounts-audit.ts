/**
 * Accounts, sessions, record versions and the audit log on PostgreSQL, as the sql.js revision 2
 * (../002_accounts_audit.ts). Audit ids come from an identity column, in insertion order.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgAccountsAudit: PgMigration = {
  version: 2,
  name: "accounts_audit",
  up: `
CREATE TABLE users (
  id text PRIMARY KEY, email text NOT NULL UNIQUE, name text, role text NOT NULL CHECK (role IN ('admin', 'partner')),
  organization_id text, password_hash text NOT NULL, disabled integer NOT NULL DEFAULT 0, created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE TABLE sessions (
  token_hash text PRIMARY KEY, user_id text NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('cookie', 'bearer')), csrf_hash text, created_at text NOT NULL,
  expires_at text NOT NULL, revoked_at text
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE TABLE service_versions (
  service_id text NOT NULL, version integer NOT NULL, data_json text NOT NULL, changed_at text NOT NULL,
  changed_by text, PRIMARY KEY (service_id, version)
);
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at text NOT NULL, actor_id text, actor_email text,
  action text NOT NULL, entity text NOT NULL, entity_id text NOT NULL, before_json text, after_json text
);
CREATE INDEX audit_entity ON audit_log(entity, entity_id);
`,
  down: "DROP TABLE audit_log; DROP TABLE service_versions; DROP TABLE sessions; DROP TABLE users;",
};
