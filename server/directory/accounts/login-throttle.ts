/**
 * Sign-in failure limits: 5 per account and 20 per client address within 15 minutes. Beyond them,
 * attempts get 429 with Retry-After until the window passes, even with the right password. Each
 * attempt is counted before its password is checked, in the same step as the check against the
 * limits (see SignInLimitsRepository), so attempts sent in parallel, to one process or to several
 * on PostgreSQL, cannot outrun the limits; a successful sign-in is uncounted and clears its account.
 */
import type { Attempt, Reservation } from "../../core/failure-window.js";
import type { SignInLimitsRepository } from "../repository.js";

export interface ThrottleOptions {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

const DEFAULTS: ThrottleOptions = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

export class LoginThrottle {
  constructor(
    private readonly limits: SignInLimitsRepository,
    private readonly opts: ThrottleOptions = DEFAULTS,
  ) {}

  /** Counts an attempt at `account` from `address`, or refuses it when a limit is reached. */
  begin(account: string, address: string): Promise<Reservation> {
    return this.limits.reserveSignIn(
      [
        { key: `account:${account}`, max: this.opts.perAccount },
        { key: `address:${address}`, max: this.opts.perAddress },
      ],
      this.opts.windowMs,
    );
  }

  /** The attempt was right: it does not count, and the account's earlier failures are forgiven. */
  async succeeded(attempt: Attempt, account: string): Promise<void> {
    await this.limits.forgiveSignIn(attempt);
    await this.limits.clearSignIns(`account:${account}`);
  }
}
