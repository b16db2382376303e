/**
 * Sign-in failure limits: 5 per account and 20 per client address within 15 minutes. Beyond them,
 * attempts get 429 with Retry-After until the window passes, even with the right password. Each
 * attempt is counted before its password is checked (see FailureWindow), so attempts sent in
 * parallel cannot outrun the limits; a successful sign-in is uncounted and clears its account.
 */
import { type Attempt, FailureWindow, type Reservation } from "../../core/failure-window.js";

export interface ThrottleOptions {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

const DEFAULTS: ThrottleOptions = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

export class LoginThrottle {
  private readonly window: FailureWindow;

  constructor(private readonly opts: ThrottleOptions = DEFAULTS) {
    this.window = new FailureWindow(opts.windowMs);
  }

  /** Counts an attempt at `account` from `address`, or refuses it when a limit is reached. */
  begin(account: string, address: string): Reservation {
    return this.window.reserve([
      { key: `account:${account}`, max: this.opts.perAccount },
      { key: `address:${address}`, max: this.opts.perAddress },
    ]);
  }

  /** The attempt was right: it does not count, and the account's earlier failures are forgiven. */
  succeeded(attempt: Attempt, account: string): void {
    this.window.forgive(attempt);
    this.window.clear(`account:${account}`);
  }
}
