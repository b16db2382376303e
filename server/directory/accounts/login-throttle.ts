/**
 * Login failure limits, per account and per client address, in memory (a restart forgives, which
 * is acceptable for a single-process server): after too many failures within the window, further
 * attempts get 429 with Retry-After until the window passes, even with the right password.
 */
export interface ThrottleOptions {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export class LoginThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly opts: ThrottleOptions = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
  ) {}

  private recent(key: string, nowMs: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => nowMs - t < this.opts.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds to wait before trying again, or 0 when allowed. */
  retryAfter(account: string, address: string, nowMs = Date.now()): number {
    const checks: Array<[string, number]> = [
      [`a:${account}`, this.opts.perAccount],
      [`ip:${address}`, this.opts.perAddress],
    ];
    let wait = 0;
    for (const [key, max] of checks) {
      const list = this.recent(key, nowMs);
      if (list.length >= max) wait = Math.max(wait, Math.ceil((list[0] + this.opts.windowMs - nowMs) / 1000));
    }
    return wait;
  }

  recordFailure(account: string, address: string, nowMs = Date.now()): void {
    for (const key of [`a:${account}`, `ip:${address}`])
      this.failures.set(key, [...this.recent(key, nowMs), nowMs]);
  }

  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}
