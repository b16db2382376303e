/**
 * A `Clock` that moves only when a test says so: `advance(ms)` runs the timers that fall due, in
 * order of their due time, each seeing `now()` at its own due time.
 */
import type { Clock, TimerHandle } from "../../server/core/clock.js";

interface Timer {
  id: number;
  dueAt: number;
  fn: () => void;
  /** Set for an interval: the timer is put back this far ahead after each run. */
  everyMs?: number;
}

export class ManualClock implements Clock {
  private current: number;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  constructor(start: number = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.schedule(fn, ms);
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    return this.schedule(fn, ms, Math.max(1, ms));
  }

  clearInterval(handle: TimerHandle): void {
    this.timers.delete(handle as number);
  }

  /** How many timers are still waiting (0 once everything scheduled was cleared or has run). */
  pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, running each timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const next = this.earliest();
      if (!next || next.dueAt > target) break;
      this.current = next.dueAt;
      if (next.everyMs) next.dueAt += next.everyMs;
      else this.timers.delete(next.id);
      next.fn();
    }
    this.current = target;
  }

  private schedule(fn: () => void, ms: number, everyMs?: number): number {
    const id = this.nextId++;
    this.timers.set(id, { id, dueAt: this.current + Math.max(0, ms), fn, everyMs });
    return id;
  }

  private earliest(): Timer | undefined {
    let first: Timer | undefined;
    for (const t of this.timers.values()) if (!first || t.dueAt < first.dueAt) first = t;
    return first;
  }
}
