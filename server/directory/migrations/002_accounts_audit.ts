/**
 * Accounts, sessions, record versions and the audit log, in the directory's database.
 * - users: admins and partners (a partner belongs to one organization); scrypt password hashes only.
 * - sessions: only a SHA-256 of each session token and CSRF token is kept, never the token itself.
 * - service_versions: every saved state of a service, so a stale edit can be shown what changed.
 * - audit_log: who changed what and when, with the record before and after (admins read it).
 */
import type { Migration, Tx } from "../../db/types.js";

const UP = [
  `CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT,
    role TEXT NOT NULL CHECK (role IN ('admin', 'partner')),
    organization_id TEXT,
    password_hash TEXT NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('cookie', 'bearer')),
    csrf_hash TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  )`,
  "CREATE INDEX sessions_user ON sessions(user_id)",
  `CREATE TABLE service_versions (
    service_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    data_json TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    changed_by TEXT,
    PRIMARY KEY (service_id, version)
  )`,
  `CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor_id TEXT,
    actor_email TEXT,
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
  )`,
  "CREATE INDEX audit_entity ON audit_log(entity, entity_id)",
];
const DOWN = ["audit_log", "service_versions", "sessions", "users"].map((t) => `DROP TABLE IF EXISTS ${t}`);

const runAll = (statements: string[]) => (tx: Tx) => {
  for (const sql of statements) tx.run(sql);
};

export const accountsAudit: Migration = {
  version: 2,
  name: "accounts_audit",
  up: runAll(UP),
  down: runAll(DOWN),
};
