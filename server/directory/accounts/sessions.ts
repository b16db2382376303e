/**
 * Sessions (table `sessions`): a random 32-byte token per login, kept only as its SHA-256. Cookie
 * sessions also get a CSRF token (its hash kept too) that must come back in `X-CSRF-Token` on
 * every write; bearer tokens (integrators) need none, since browsers never send them by themselves.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { CookieOptions } from "hono/utils/cookie";
import type { AccountsRepository } from "../repository.js";
import type { User } from "./users.js";

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** "Keep me signed in" on a personal device: the session and its cookie last 30 days. */
export const KEPT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * The __Host- prefix: browsers keep such a cookie only if it is Secure, on Path=/ and without
 * Domain, so no subdomain and no plain-http page can set or overwrite it. Browsers treat
 * http://localhost and http://127.0.0.1 as secure, so local use still signs in.
 */
export const SESSION_COOKIE = "__Host-dir_session";
export const SESSION_COOKIE_OPTIONS = {
  path: "/",
  secure: true,
  httpOnly: true,
  sameSite: "Strict",
} as const satisfies CookieOptions;

/**
 * Without "keep me signed in" the cookie has no Max-Age, so the browser forgets it when it closes;
 * kept, it lasts as long as its session.
 */
export const sessionCookieOptions = (keep: boolean): CookieOptions =>
  keep
    ? { ...SESSION_COOKIE_OPTIONS, maxAge: Math.floor(KEPT_SESSION_TTL_MS / 1000) }
    : SESSION_COOKIE_OPTIONS;

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");
const newToken = () => randomBytes(32).toString("base64url");

export interface IssuedSession {
  token: string;
  csrfToken: string | null;
  expiresAt: string;
}

export async function issueSession(
  repo: AccountsRepository,
  userId: string,
  kind: "cookie" | "bearer",
  now = new Date(),
  keep = false,
): Promise<IssuedSession> {
  const token = newToken();
  const csrfToken = kind === "cookie" ? newToken() : null;
  const expiresAt = new Date(now.getTime() + (keep ? KEPT_SESSION_TTL_MS : SESSION_TTL_MS)).toISOString();
  await repo.createSession({
    tokenHash: sha256(token),
    userId,
    kind,
    csrfHash: csrfToken ? sha256(csrfToken) : null,
    createdAt: now.toISOString(),
    expiresAt,
  });
  return { token, csrfToken, expiresAt };
}

export interface ActiveSession {
  tokenHash: string;
  kind: "cookie" | "bearer";
  csrfHash: string | null;
  user: User;
}

/** The live session for a token, or null (unknown, revoked, expired, or its account disabled). */
export async function lookupSession(
  repo: AccountsRepository,
  token: string,
  now = new Date(),
): Promise<ActiveSession | null> {
  const row = await repo.findSession(sha256(token));
  if (!row || row.revokedAt || row.expiresAt <= now.toISOString()) return null;
  const user = await repo.findUserById(row.userId);
  if (!user || user.disabled) return null;
  return { tokenHash: row.tokenHash, kind: row.kind, csrfHash: row.csrfHash, user };
}

export function csrfMatches(session: ActiveSession, presented: string | undefined): boolean {
  if (!session.csrfHash || !presented) return false;
  const a = Buffer.from(sha256(presented));
  const b = Buffer.from(session.csrfHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function revokeSession(
  repo: AccountsRepository,
  tokenHash: string,
  now = new Date(),
): Promise<void> {
  await repo.revokeSession(tokenHash, now.toISOString());
}
