/**
 * The time source for code that waits or measures (the archive's maintenance flag, the wait-time
 * poller). Production uses `systemClock`; tests pass a clock they move by hand, so they advance
 * time instead of sleeping through it.
 */
export type TimerHandle = unknown;

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};
