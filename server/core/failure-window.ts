/**
 * Failed attempts per key (an account, a client address) within a sliding window, for limits that
 * must hold when many attempts arrive at once: an attempt is counted when it starts, before its
 * slow check (a password hash) runs, and uncounted only if it turns out legitimate. Checking the
 * count and counting happen in one synchronous step, so no parallel request slips between them.
 *
 * In memory: a restart forgives, which suits the single-process server. Several processes on
 * PostgreSQL count in a shared table instead (the directory's repository-pg/sign-in-limits.ts).
 */
export interface Limit {
  key: string;
  max: number;
}

export interface Attempt {
  readonly at: number;
  readonly keys: readonly string[];
  /** Names the attempt where it is stored outside this process (a shared table). */
  readonly id?: string;
}

export type Reservation = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

export class FailureWindow {
  private readonly attempts = new Map<string, Attempt[]>();
  private lastSweep: number;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /** Counts a new attempt against every limit, or says how long to wait when one is reached. */
  reserve(limits: readonly Limit[]): Reservation {
    const t = this.now();
    this.sweep(t);
    let waitMs = 0;
    for (const { key, max } of limits) {
      const recent = this.recent(key, t);
      // Waiting until the oldest attempts that keep the count at `max` have left the window.
      if (recent.length >= max) waitMs = Math.max(waitMs, recent[recent.length - max].at + this.windowMs - t);
    }
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    const attempt: Attempt = { at: t, keys: limits.map((l) => l.key) };
    for (const key of attempt.keys) this.attempts.set(key, [...this.recent(key, t), attempt]);
    return { allowed: true, attempt };
  }

  /** Uncounts an attempt that proved legitimate. */
  forgive(attempt: Attempt): void {
    for (const key of attempt.keys) {
      const left = (this.attempts.get(key) ?? []).filter((a) => a !== attempt);
      if (left.length) this.attempts.set(key, left);
      else this.attempts.delete(key);
    }
  }

  /** Forgets every attempt against one key (say, an account after its owner signed in). */
  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, t: number): Attempt[] {
    const list = (this.attempts.get(key) ?? []).filter((a) => t - a.at < this.windowMs);
    if (list.length) this.attempts.set(key, list);
    else this.attempts.delete(key);
    return list;
  }

  /** Drops keys whose attempts all left the window, so one-off addresses do not pile up. */
  private sweep(t: number): void {
    if (t - this.lastSweep < this.windowMs) return;
    this.lastSweep = t;
    for (const key of [...this.attempts.keys()]) this.recent(key, t);
  }
}
