/**
 * Invitations (revision 8): an administrator's one-time link for a new partner or administrator to
 * set a password. Only the SHA-256 of the link's token is kept; a link works once and until it expires.
 */
import type { Migration, Tx } from "../../db/types.js";

const UP = [
  `CREATE TABLE invitations (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    name TEXT,
    role TEXT NOT NULL CHECK (role IN ('admin', 'partner')),
    organization_id TEXT,
    invited_by TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  )`,
  "CREATE INDEX invitations_email ON invitations(email)",
];
const DOWN = ["DROP TABLE invitations"];
const runAll = (statements: string[]) => (tx: Tx) => {
  for (const sql of statements) tx.run(sql);
};

export const invitationsMigration: Migration = {
  version: 8,
  name: "invitations",
  up: runAll(UP),
  down: runAll(DOWN),
};
