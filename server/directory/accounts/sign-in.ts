/**
 * Checks an email and password for POST /api/v1/auth/login. The attempt is counted against the
 * account and the client address before the password is checked (LoginThrottle), and an account
 * whose hash was made at an older scrypt cost gets a new hash of the same password on success.
 */
import type { Logger } from "pino";
import { ApiError } from "../../core/errors.js";
import type { AccountsRepository } from "../repository.js";
import type { LoginThrottle } from "./login-throttle.js";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "./passwords.js";
import { findUserByEmail, type User } from "./users.js";

export interface SignInAttempt {
  /** Already trimmed and lower-cased. */
  account: string;
  address: string;
  password: string;
}

export async function checkSignIn(
  repo: AccountsRepository,
  throttle: LoginThrottle,
  logger: Logger,
  { account, address, password }: SignInAttempt,
): Promise<User> {
  const reservation = await throttle.begin(account, address);
  if (!reservation.allowed) {
    const wait = reservation.retryAfterSeconds;
    throw new ApiError("RateLimited", `Too many failed sign-ins: try again in ${wait} s.`, undefined, {
      "Retry-After": String(wait),
    });
  }
  const user = await findUserByEmail(repo, account);
  // Verify against a dummy hash when the account is unknown, so timing does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok || user.disabled)
    throw new ApiError("Unauthorized", "Wrong email or password, or the account is disabled.");
  await throttle.succeeded(reservation.attempt, account);
  if (needsRehash(user.passwordHash)) await upgradeHash(repo, logger, user, password);
  const { passwordHash: _hash, ...signedIn } = user;
  return signedIn;
}

async function upgradeHash(
  repo: AccountsRepository,
  logger: Logger,
  user: User & { passwordHash: string },
  password: string,
): Promise<void> {
  try {
    const replaced = await repo.replacePasswordHash(user.id, user.passwordHash, await hashPassword(password));
    if (replaced) logger.info({ userId: user.id }, "password hash upgraded to the current scrypt cost");
  } catch (err) {
    // The sign-in stands; the old hash still works and is upgraded at a later sign-in.
    logger.warn({ userId: user.id, err: (err as Error).message }, "could not upgrade a password hash");
  }
}
