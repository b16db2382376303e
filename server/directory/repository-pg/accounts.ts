/** Accounts and sessions on PostgreSQL (the same statements as repository-sqljs/accounts.ts). */
import type pg from "pg";
import type { AccountsRepository, StoredSession } from "../repository.js";
import { toUser, type UserRow } from "../repository-sqljs/accounts.js";
import { one, writeIn } from "./queries.js";

interface SessionRow {
  token_hash: string;
  user_id: string;
  kind: "cookie" | "bearer";
  csrf_hash: string | null;
  expires_at: string;
  revoked_at: string | null;
}

const toSession = (row: SessionRow): StoredSession => ({
  tokenHash: row.token_hash,
  userId: row.user_id,
  kind: row.kind,
  csrfHash: row.csrf_hash,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export function pgAccounts(pool: pg.Pool): AccountsRepository {
  const write = writeIn(pool);
  const revokeAll = (client: pg.ClientBase, userId: string, at: string) =>
    client.query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL", [
      at,
      userId,
    ]);
  return {
    // The unique email decides, so two processes creating the same account cannot both succeed.
    createUser: (u) =>
      write(async (client) => {
        const { rowCount } = await client.query(
          `INSERT INTO users (id, email, name, role, organization_id, password_hash, disabled, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,0,$7,$7) ON CONFLICT (email) DO NOTHING`,
          [u.id, u.email, u.name, u.role, u.organizationId, u.passwordHash, u.createdAt],
        );
        return rowCount === 1;
      }),
    listUsers: async () => (await pool.query<UserRow>("SELECT * FROM users ORDER BY email")).rows.map(toUser),
    async findUserByEmail(email) {
      const row = await one<UserRow>(pool, "SELECT * FROM users WHERE email = $1", [email]);
      return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
    },
    async findUserById(id) {
      const row = await one<UserRow>(pool, "SELECT * FROM users WHERE id = $1", [id]);
      return row ? toUser(row) : undefined;
    },
    disableUser: (userId, at) =>
      write(async (client) => {
        await client.query("UPDATE users SET disabled = 1, updated_at = $1 WHERE id = $2", [at, userId]);
        await revokeAll(client, userId, at);
      }),
    setPassword: (userId, hash, at) =>
      write(async (client) => {
        await client.query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3", [
          hash,
          at,
          userId,
        ]);
        await revokeAll(client, userId, at);
      }),
    replacePasswordHash: (userId, previous, next) =>
      write(async (client) => {
        const { rowCount } = await client.query(
          "UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3",
          [next, userId, previous],
        );
        return rowCount === 1;
      }),
    createSession: (s) =>
      write(async (client) => {
        await client.query(
          "INSERT INTO sessions (token_hash, user_id, kind, csrf_hash, created_at, expires_at) VALUES ($1,$2,$3,$4,$5,$6)",
          [s.tokenHash, s.userId, s.kind, s.csrfHash, s.createdAt, s.expiresAt],
        );
      }),
    async findSession(tokenHash) {
      const row = await one<SessionRow>(
        pool,
        "SELECT token_hash, user_id, kind, csrf_hash, expires_at, revoked_at FROM sessions WHERE token_hash = $1",
        [tokenHash],
      );
      return row ? toSession(row) : undefined;
    },
    revokeSession: (tokenHash, at) =>
      write(async (client) => {
        await client.query(
          "UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL",
          [at, tokenHash],
        );
      }),
  };
}
