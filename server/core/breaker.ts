/**
 * Circuit breakers (opossum) for upstream calls, shared by the modules (the directory wraps its
 * optional AI provider, geocoder and alert webhook in them). Each reports CLOSED / OPEN /
 * HALF_OPEN, whether it is flapping (more than N state changes in M minutes) and whether it is
 * stuck open (open for longer than `stuckAfterMs`), for health, metrics and the observability
 * page. A call never waits longer than the breaker's timeout.
 */
import CircuitBreaker from "opossum";
import type { BreakerHealth, BreakerState } from "../../shared/ops/breaker.js";
import { type Clock, systemClock } from "./clock.js";

export interface BreakerOptions {
  timeoutMs: number;
  /** Failure percentage over the rolling window that opens the breaker. */
  errorThresholdPercentage: number;
  /** Minimum calls in the window before it may open. */
  volumeThreshold: number;
  /** How long it stays open before letting one trial call through (HALF_OPEN). */
  resetTimeoutMs: number;
  rollingWindowMs: number;
  flapThreshold: number;
  flapWindowMs: number;
  stuckAfterMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = {
  timeoutMs: 2500,
  errorThresholdPercentage: 50,
  volumeThreshold: 3,
  resetTimeoutMs: 30_000,
  rollingWindowMs: 60_000,
  flapThreshold: 6,
  flapWindowMs: 10 * 60_000,
  stuckAfterMs: 15 * 60_000,
};

export interface BreakerSnapshot extends BreakerHealth {
  transitions: number;
  lastChangeAt: string | null;
  stats: { fires: number; failures: number; timeouts: number; rejects: number; successes: number };
}

export type BreakerCondition = Pick<BreakerSnapshot, "state" | "flapping" | "stuckOpen" | "transitions">;

export class Breaker {
  readonly options: BreakerOptions;
  private readonly cb: CircuitBreaker<[() => Promise<unknown>], unknown>;
  private changes: number[] = [];
  private openedAt: number | null = null;

  constructor(
    readonly name: string,
    options: Partial<BreakerOptions> = {},
    /** Times the flapping and stuck-open verdicts; opossum's own timers stay on the global ones. */
    private readonly clock: Pick<Clock, "now"> = systemClock,
  ) {
    this.options = { ...DEFAULT_BREAKER, ...options };
    this.cb = new CircuitBreaker((task: () => Promise<unknown>) => task(), {
      timeout: this.options.timeoutMs,
      errorThresholdPercentage: this.options.errorThresholdPercentage,
      volumeThreshold: this.options.volumeThreshold,
      resetTimeout: this.options.resetTimeoutMs,
      rollingCountTimeout: this.options.rollingWindowMs,
      rollingCountBuckets: 10,
    });
    this.cb.on("open", () => this.changed(true));
    this.cb.on("halfOpen", () => this.changed(false));
    this.cb.on("close", () => {
      this.changed(false);
      this.openedAt = null;
    });
  }

  private changed(opened: boolean): void {
    const t = this.clock.now();
    this.changes.push(t);
    this.changes = this.changes.filter((c) => t - c <= this.options.flapWindowMs);
    if (opened) this.openedAt ??= t;
  }

  /** Runs `task` through the breaker: rejects at once when OPEN, and after `timeoutMs` if it stalls. */
  fire<T>(task: () => Promise<T>): Promise<T> {
    return this.cb.fire(task) as Promise<T>;
  }

  state(): BreakerState {
    if (this.cb.opened) return "OPEN";
    if (this.cb.halfOpen) return "HALF_OPEN";
    return "CLOSED";
  }

  /** State, flapping and stuck-open only: cheap enough for every health request (no statistics). */
  condition(): BreakerCondition {
    const t = this.clock.now();
    let transitions = 0;
    for (const c of this.changes) if (t - c <= this.options.flapWindowMs) transitions++;
    const state = this.state();
    return {
      state,
      flapping: transitions > this.options.flapThreshold,
      // Refusing calls for that long. Half-open, it is waiting for a trial call to show whether the
      // upstream is back: with no traffic it may wait there long after recovering, and calling that
      // "stuck" paged a commander for nothing.
      stuckOpen: state === "OPEN" && this.openedAt !== null && t - this.openedAt > this.options.stuckAfterMs,
      transitions,
    };
  }

  snapshot(): BreakerSnapshot {
    // opossum computes its statistics (with latency percentiles) on each read of `stats`.
    const s = this.cb.stats;
    return {
      name: this.name,
      ...this.condition(),
      lastChangeAt: this.changes.length
        ? new Date(this.changes[this.changes.length - 1]).toISOString()
        : null,
      stats: {
        fires: s.fires,
        failures: s.failures,
        timeouts: s.timeouts,
        rejects: s.rejects,
        successes: s.successes,
      },
    };
  }

  shutdown(): void {
    this.cb.shutdown();
  }
}

/**
 * The directory's breakers by name, for health, metrics and the observability page. A breaker of an
 * upstream that is not configured (no AI_BASE_URL, no GEOCODER_URL…) is kept out of all three: an
 * optional part left off is not a degraded service.
 */
export class BreakerRegistry {
  private readonly breakers = new Map<string, Breaker>();
  private readonly unconfigured = new Set<string>();

  /** `configured: false` gives a working breaker that health, metrics and the page never see. */
  get(name: string, options?: Partial<BreakerOptions>, configured = true): Breaker {
    let b = this.breakers.get(name);
    if (!b) {
      b = new Breaker(name, options);
      this.breakers.set(name, b);
      if (!configured) this.unconfigured.add(name);
    }
    return b;
  }

  private reported(): Breaker[] {
    return [...this.breakers.values()].filter((b) => !this.unconfigured.has(b.name));
  }

  snapshots(): BreakerSnapshot[] {
    return this.reported().map((b) => b.snapshot());
  }

  /** true while any configured breaker is not closed or keeps flapping (the health verdict's question). */
  anyTroubled(): boolean {
    for (const b of this.reported()) {
      const { state, flapping } = b.condition();
      if (state !== "CLOSED" || flapping) return true;
    }
    return false;
  }

  shutdown(): void {
    for (const b of this.breakers.values()) b.shutdown();
  }
}
