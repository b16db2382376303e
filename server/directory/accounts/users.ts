/**
 * Accounts (table `users`, see migrations/002): created and managed from the CLI (`directory user …`),
 * never with a default password. Passwords are stored as scrypt hashes only.
 */
import { randomUUID } from "node:crypto";
import type { AccountsRepository } from "../repository.js";
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

export class AccountError extends Error {}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AccountError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
}

/** The account's email, normalized, once its fields fit together (a partner has an organization). */
export function checkAccountFields(input: {
  email: string;
  role: Role;
  organizationId?: string | null;
}): string {
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new AccountError(`"${input.email}" is not an email address.`);
  if (input.role === "partner" && !input.organizationId)
    throw new AccountError("A partner account needs --org <organization id>.");
  if (input.role === "admin" && input.organizationId)
    throw new AccountError("An admin account does not belong to an organization.");
  return email;
}

export async function addUser(
  repo: AccountsRepository,
  input: {
    email: string;
    password: string;
    role: Role;
    organizationId?: string | null;
    name?: string | null;
  },
  now = new Date(),
): Promise<User> {
  const email = checkAccountFields(input);
  checkPasswordStrength(input.password);
  const exists = () => new AccountError(`An account for ${email} already exists.`);
  if (await repo.findUserByEmail(email)) throw exists();
  const hash = await hashPassword(input.password);
  const id = randomUUID();
  const at = now.toISOString();
  const created = await repo.createUser({
    id,
    email,
    name: input.name ?? null,
    role: input.role,
    organizationId: input.organizationId ?? null,
    passwordHash: hash,
    createdAt: at,
  });
  // Another process may have created it while the password was being hashed.
  if (!created) throw exists();
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

/** The account for an email as typed (case and spaces do not matter), with its password hash. */
export function findUserByEmail(repo: AccountsRepository, email: string) {
  return repo.findUserByEmail(normalizeEmail(email));
}

/** Disables an account and revokes all its sessions at once. */
export async function disableUser(repo: AccountsRepository, email: string, now = new Date()): Promise<User> {
  const user = await findUserByEmail(repo, email);
  if (!user) throw new AccountError(`No account for ${email}.`);
  await repo.disableUser(user.id, now.toISOString());
  const { passwordHash: _hash, ...rest } = user;
  return { ...rest, disabled: true };
}

/** Sets a new password and revokes existing sessions (whoever held the old one is logged out). */
export async function resetPassword(
  repo: AccountsRepository,
  email: string,
  password: string,
  now = new Date(),
): Promise<void> {
  const user = await findUserByEmail(repo, email);
  if (!user) throw new AccountError(`No account for ${email}.`);
  checkPasswordStrength(password);
  const hash = await hashPassword(password);
  await repo.setPassword(user.id, hash, now.toISOString());
}
