/**
 * Accounts (table `users`, see migrations/002): created and managed from the CLI (`directory user …`),
 * never with a default password. Passwords are stored as scrypt hashes only.
 */
import { randomUUID } from "node:crypto";
import type { Reader, Store } from "../../db/types.js";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./passwords.js";

export type Role = "admin" | "partner";

export interface User {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  organizationId: string | null;
  disabled: boolean;
  createdAt: string;
}

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  organization_id: string | null;
  password_hash: string;
  disabled: number;
  created_at: string;
}

const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  organizationId: r.organization_id,
  disabled: r.disabled === 1,
  createdAt: r.created_at,
});

export class AccountError extends Error {}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AccountError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
}

export async function addUser(
  store: Store,
  input: {
    email: string;
    password: string;
    role: Role;
    organizationId?: string | null;
    name?: string | null;
  },
  now = new Date(),
): Promise<User> {
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new AccountError(`"${input.email}" is not an email address.`);
  if (input.role === "partner" && !input.organizationId)
    throw new AccountError("A partner account needs --org <organization id>.");
  if (input.role === "admin" && input.organizationId)
    throw new AccountError("An admin account does not belong to an organization.");
  checkPasswordStrength(input.password);
  if (findUserByEmail(store, email)) throw new AccountError(`An account for ${email} already exists.`);
  const hash = await hashPassword(input.password);
  const id = randomUUID();
  const at = now.toISOString();
  await store.write((tx) => {
    tx.run(
      "INSERT INTO users (id, email, name, role, organization_id, password_hash, disabled, created_at, updated_at) VALUES (?,?,?,?,?,?,0,?,?)",
      [id, email, input.name ?? null, input.role, input.organizationId ?? null, hash, at, at],
    );
  });
  return {
    id,
    email,
    name: input.name ?? null,
    role: input.role,
    organizationId: input.organizationId ?? null,
    disabled: false,
    createdAt: at,
  };
}

export function listUsers(reader: Reader): User[] {
  return reader.all<UserRow>("SELECT * FROM users ORDER BY email").map(toUser);
}

export function findUserByEmail(
  reader: Reader,
  email: string,
): (User & { passwordHash: string }) | undefined {
  const row = reader.get<UserRow>("SELECT * FROM users WHERE email = ?", [normalizeEmail(email)]);
  return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
}

export function findUserById(reader: Reader, id: string): User | undefined {
  const row = reader.get<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
  return row ? toUser(row) : undefined;
}

/** Disables an account and revokes all its sessions at once. */
export async function disableUser(store: Store, email: string, now = new Date()): Promise<User> {
  const user = findUserByEmail(store, email);
  if (!user) throw new AccountError(`No account for ${email}.`);
  const at = now.toISOString();
  await store.write((tx) => {
    tx.run("UPDATE users SET disabled = 1, updated_at = ? WHERE id = ?", [at, user.id]);
    tx.run("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [at, user.id]);
  });
  return { ...user, disabled: true };
}

/** Sets a new password and revokes existing sessions (whoever held the old one is logged out). */
export async function resetPassword(
  store: Store,
  email: string,
  password: string,
  now = new Date(),
): Promise<void> {
  const user = findUserByEmail(store, email);
  if (!user) throw new AccountError(`No account for ${email}.`);
  checkPasswordStrength(password);
  const hash = await hashPassword(password);
  const at = now.toISOString();
  await store.write((tx) => {
    tx.run("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [hash, at, user.id]);
    tx.run("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [at, user.id]);
  });
}

/**
 * Swaps a password hash for another of the same password (a stronger cost) without touching
 * sessions. Only if the stored hash is still `previous`: a password reset made meanwhile wins.
 */
export async function replacePasswordHash(
  store: Store,
  userId: string,
  previous: string,
  next: string,
): Promise<boolean> {
  return store.write(
    (tx) =>
      tx.run("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?", [
        next,
        userId,
        previous,
      ]).changes === 1,
  );
}
