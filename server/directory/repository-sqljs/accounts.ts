/**
 * Accounts and sessions on sql.js (moved from accounts/users.ts and accounts/sessions.ts). While
 * the store refuses writes, new sessions are held in memory (held-sessions.ts).
 */
import { StorageUnavailableError } from "../../core/errors.js";
import type { Store } from "../../db/types.js";
import type { Role, User } from "../accounts/users.js";
import type { AccountsRepository } from "../repository.js";
import { HeldSessions } from "./held-sessions.js";

export interface UserRow {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  organization_id: string | null;
  password_hash: string;
  disabled: number;
  created_at: string;
}

export const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  organizationId: r.organization_id,
  disabled: r.disabled === 1,
  createdAt: r.created_at,
});

/** Runs a write; when the store refuses writes, runs `instead` (and nothing else fails over). */
async function writeOr(write: Promise<unknown>, instead: () => void): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (!(err instanceof StorageUnavailableError)) throw err;
    instead();
  }
}

export function sqljsAccounts(store: Store): AccountsRepository {
  const held = new HeldSessions();
  return {
    createUser: (u) =>
      store.write((tx) => {
        if (tx.get("SELECT 1 FROM users WHERE email = ?", [u.email])) return false;
        tx.run(
          "INSERT INTO users (id, email, name, role, organization_id, password_hash, disabled, created_at, updated_at) VALUES (?,?,?,?,?,?,0,?,?)",
          [u.id, u.email, u.name, u.role, u.organizationId, u.passwordHash, u.createdAt, u.createdAt],
        );
        return true;
      }),
    listUsers: async () => store.all<UserRow>("SELECT * FROM users ORDER BY email").map(toUser),
    async findUserByEmail(email) {
      const row = store.get<UserRow>("SELECT * FROM users WHERE email = ?", [email]);
      return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
    },
    async findUserById(id) {
      const row = store.get<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
      return row ? toUser(row) : undefined;
    },
    async disableUser(userId, at) {
      await store.write((tx) => {
        tx.run("UPDATE users SET disabled = 1, updated_at = ? WHERE id = ?", [at, userId]);
        tx.run("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [at, userId]);
      });
      held.revokeUser(userId);
    },
    async setPassword(userId, hash, at) {
      await store.write((tx) => {
        tx.run("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [hash, at, userId]);
        tx.run("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [at, userId]);
      });
      held.revokeUser(userId);
    },
    replacePasswordHash: (userId, previous, next) =>
      store.write(
        (tx) =>
          tx.run("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?", [
            next,
            userId,
            previous,
          ]).changes === 1,
      ),
    createSession: (s) =>
      writeOr(
        store.write((tx) => {
          tx.run(
            "INSERT INTO sessions (token_hash, user_id, kind, csrf_hash, created_at, expires_at) VALUES (?,?,?,?,?,?)",
            [s.tokenHash, s.userId, s.kind, s.csrfHash, s.createdAt, s.expiresAt],
          );
        }),
        () => held.hold(s),
      ),
    async findSession(tokenHash) {
      const row = store.get<{
        token_hash: string;
        user_id: string;
        kind: "cookie" | "bearer";
        csrf_hash: string | null;
        expires_at: string;
        revoked_at: string | null;
      }>(
        "SELECT token_hash, user_id, kind, csrf_hash, expires_at, revoked_at FROM sessions WHERE token_hash = ?",
        [tokenHash],
      );
      if (!row) return held.find(tokenHash);
      return {
        tokenHash: row.token_hash,
        userId: row.user_id,
        kind: row.kind,
        csrfHash: row.csrf_hash,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      };
    },
    async revokeSession(tokenHash, at) {
      if (held.revoke(tokenHash)) return;
      await store.write((tx) => {
        tx.run("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL", [
          at,
          tokenHash,
        ]);
      });
    },
  };
}
