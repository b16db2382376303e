/**
 * Checks an email and password for POST /api/v1/auth/login. The attempt first gets its place in
 * its address's line for the hash (HashTurns), then is counted against the account and the client
 * address before the password is checked (LoginThrottle). An unknown account takes as long as a
 * wrong password, without a hash. An account whose hash was made at an older scrypt cost gets a
 * new hash of the same password on success.
 */
import type { Logger } from "pino";
import { ApiError } from "../../core/errors.js";
import type { AccountsRepository, SignInLimitsRepository } from "../repository.js";
import { HashTurns } from "./hash-turns.js";
import { LoginThrottle } from "./login-throttle.js";
import {
  HASH_SLOTS,
  hashPassword,
  needsRehash,
  typicalHashSeconds,
  verifyPassword,
  waitAsLongAsAHash,
} from "./passwords.js";
import { findUserByEmail, type User } from "./users.js";

export interface SignInAttempt {
  /** Already trimmed and lower-cased. */
  account: string;
  address: string;
  password: string;
}

export interface SignInGuards {
  throttle: LoginThrottle;
  turns: HashTurns;
}

/**
 * One process's guards: the limits (shared by processes on PostgreSQL) and the turns at the hash
 * (this process's CPU). An address may have 4 sign-ins in line, the one hashing included; at most
 * 8 rounds of slots wait in all (~10 s at ~1.3 s a hash), so a waiting sign-in is answered well
 * before the 15 s request timeout.
 */
export function signInGuards(repo: SignInLimitsRepository): SignInGuards {
  return {
    throttle: new LoginThrottle(repo),
    turns: new HashTurns({ slots: HASH_SLOTS, perAddress: 4, maxWaiting: 8 * HASH_SLOTS }),
  };
}

const rateLimited = (message: string, seconds: number) =>
  new ApiError("RateLimited", `${message}: try again in ${seconds} s.`, undefined, {
    "Retry-After": String(seconds),
  });

export async function checkSignIn(
  repo: AccountsRepository,
  guards: SignInGuards,
  logger: Logger,
  attempt: SignInAttempt,
): Promise<User> {
  const user = await checkInTurn(repo, guards, attempt);
  if (needsRehash(user.passwordHash)) await upgradeHash(repo, logger, user, attempt.password);
  const { passwordHash: _hash, ...signedIn } = user;
  return signedIn;
}

/** The account, once its password proved right, checked in this address's turn at the hash. */
async function checkInTurn(
  repo: AccountsRepository,
  { throttle, turns }: SignInGuards,
  { account, address, password }: SignInAttempt,
) {
  const admission = turns.admit(address);
  if (!admission.admitted) {
    const seconds = Math.max(1, Math.ceil(admission.pending * typicalHashSeconds()));
    throw rateLimited("Other sign-ins from this address are being checked", seconds);
  }
  try {
    const reservation = await throttle.begin(account, address);
    if (!reservation.allowed) throw rateLimited("Too many failed sign-ins", reservation.retryAfterSeconds);
    const user = await findUserByEmail(repo, account);
    const stored = user?.passwordHash;
    // An unknown account waits as long as a hash would, so timing does not reveal which emails exist.
    const ok = await admission.turn.run(async () =>
      stored ? verifyPassword(password, stored) : waitAsLongAsAHash().then(() => false),
    );
    if (!user || !ok || user.disabled)
      throw new ApiError("Unauthorized", "Wrong email or password, or the account is disabled.");
    await throttle.succeeded(reservation.attempt, account, address);
    return user;
  } finally {
    admission.turn.cancel();
  }
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
