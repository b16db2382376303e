/**
 * Deadlines of the requests under way, all with the same limit, on one timer. With one limit for
 * all, the order they are added in is the order they expire in: the set keeps that order, the
 * timer waits for the oldest only, and adding or finishing a request is a set insert or delete
 * (a timer of its own per request meant a timer-list insert and removal on every request).
 */
export interface Deadline {
  at: number;
  expire: () => void;
}

export class Deadlines {
  private readonly pending = new Set<Deadline>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limitMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Calls `expire` once `limitMs` from now, unless `remove` comes first. */
  add(expire: () => void): Deadline {
    const deadline = { at: this.now() + this.limitMs, expire };
    this.pending.add(deadline);
    if (!this.timer) this.arm(this.limitMs);
    return deadline;
  }

  remove(deadline: Deadline): void {
    this.pending.delete(deadline);
  }

  get size(): number {
    return this.pending.size;
  }

  private arm(delayMs: number): void {
    // Unref'd: a request in flight must not keep a closing process alive; the server's socket does.
    this.timer = setTimeout(() => this.expireDue(), Math.max(1, Math.ceil(delayMs)));
    this.timer.unref();
  }

  private expireDue(): void {
    this.timer = null;
    const now = this.now();
    for (const deadline of this.pending) {
      if (deadline.at > now) {
        this.arm(deadline.at - now);
        return;
      }
      this.pending.delete(deadline);
      deadline.expire();
    }
  }
}
