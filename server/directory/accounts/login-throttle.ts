/**
 * Sign-in failure limits within 15 minutes: 5 per account from one client address, 20 per address
 * whatever the account, and 50 per account from all addresses together. So one address cannot lock
 * an account's owner out (the owner signs in from elsewhere); only many addresses failing at one
 * account slow it everywhere, to at most 50 guesses per window. Beyond a limit, attempts get 429
 * with Retry-After until the window passes, even with the right password. Each
 * attempt is counted before its password is checked, in the same step as the check against the
 * limits (see SignInLimitsRepository), so attempts sent in parallel, to one process or to several
 * on PostgreSQL, cannot outrun the limits; a successful sign-in is uncounted and clears its account's
 * failures from its address (not those from elsewhere, which may be someone else's guesses).
 */
import type { Attempt, Reservation } from "../../core/failure-window.js";
import type { SignInLimitsRepository } from "../repository.js";

export interface ThrottleOptions {
  /** Failures at one account from one address. */
  perAccountAndAddress: number;
  /** Failures from one address, whatever the accounts. */
  perAddress: number;
  /** Failures at one account from every address together. */
  perAccount: number;
  windowMs: number;
}

const DEFAULTS: ThrottleOptions = {
  perAccountAndAddress: 5,
  perAddress: 20,
  perAccount: 50,
  windowMs: 15 * 60_000,
};

const pairKey = (account: string, address: string) => `account:${account}|address:${address}`;

export class LoginThrottle {
  constructor(
    private readonly limits: SignInLimitsRepository,
    private readonly opts: ThrottleOptions = DEFAULTS,
  ) {}

  /** Counts an attempt at `account` from `address`, or refuses it when a limit is reached. */
  begin(account: string, address: string): Promise<Reservation> {
    return this.limits.reserveSignIn(
      [
        { key: pairKey(account, address), max: this.opts.perAccountAndAddress },
        { key: `address:${address}`, max: this.opts.perAddress },
        { key: `account:${account}`, max: this.opts.perAccount },
      ],
      this.opts.windowMs,
    );
  }

  /** The attempt was right: it does not count, and the account's failures from there are forgiven. */
  async succeeded(attempt: Attempt, account: string, address: string): Promise<void> {
    await this.limits.forgiveSignIn(attempt);
    await this.limits.clearSignIns(pairKey(account, address));
  }
}
