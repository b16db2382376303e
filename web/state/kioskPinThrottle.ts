// Slows down guessing the staff PIN on the device: a few mistakes are free, then each wrong PIN
// doubles the wait before the next try (30 s, 1 min, 2 min… up to an hour). Kept in localStorage by
// kioskLock.ts so reloading the page does not reset it.
export interface PinAttempts {
  failures: number;
  /** Epoch milliseconds before which no PIN is checked. */
  lockedUntil: number;
}

export const FREE_FAILURES = 3;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60_000;

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedUntil: 0 };

export function afterWrongPin(previous: PinAttempts, now: number): PinAttempts {
  const failures = previous.failures + 1;
  if (failures < FREE_FAILURES) return { failures, lockedUntil: 0 };
  const wait = Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES), LONGEST_WAIT_MS);
  return { failures, lockedUntil: now + wait };
}

/** Whole seconds still to wait (0 when a PIN may be tried now). */
export function secondsToWait(attempts: PinAttempts, now: number): number {
  return Math.max(0, Math.ceil((attempts.lockedUntil - now) / 1000));
}

export function parsePinAttempts(raw: string | null): PinAttempts {
  try {
    const value = raw ? JSON.parse(raw) : null;
    return Number.isInteger(value?.failures) && Number.isFinite(value?.lockedUntil)
      ? { failures: value.failures, lockedUntil: value.lockedUntil }
      : NO_ATTEMPTS;
  } catch {
    return NO_ATTEMPTS;
  }
}
