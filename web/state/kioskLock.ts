// Turning kiosk mode on (with a new staff PIN) and off (only with that PIN, and only as fast as
// the growing wait after wrong guesses allows). The PIN itself is never stored, only its hash.
import {
  KIOSK_ATTEMPTS_KEY,
  KIOSK_PIN_KEY,
  KIOSK_SETTINGS_KEY,
  kiosk,
  readStored,
  storeKioskMode,
} from "./kiosk";
import { hashPin, PIN_PATTERN, parsePinRecord, pinMatches } from "./kioskPin";
import { afterWrongPin, parsePinAttempts, secondsToWait } from "./kioskPinThrottle";
import type { KioskSettings } from "./kioskSettings";

export async function turnOnKiosk(pin: string, settings: KioskSettings): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw new Error("the staff PIN must be 4 to 12 digits");
  const record = await hashPin(pin);
  localStorage.setItem(KIOSK_SETTINGS_KEY, JSON.stringify(settings));
  localStorage.setItem(KIOSK_PIN_KEY, JSON.stringify(record));
  localStorage.removeItem(KIOSK_ATTEMPTS_KEY);
  storeKioskMode(true);
}

export type UnlockOutcome =
  | { ok: true }
  | { ok: false; reason: "wrong"; waitSeconds: number }
  | { ok: false; reason: "wait"; waitSeconds: number };

/**
 * Checks `pin` against the staff PIN, as slowly as the growing wait after wrong guesses allows:
 * turning kiosk mode off and opening Settings' staff sections share one count of wrong tries.
 */
export function checkStaffPin(pin: string, now: () => number = Date.now): Promise<UnlockOutcome> {
  return oneCheckAtATime(async () => {
    const attempts = parsePinAttempts(readStored(KIOSK_ATTEMPTS_KEY));
    const wait = secondsToWait(attempts, now());
    if (wait > 0) return { ok: false, reason: "wait", waitSeconds: wait };
    const record = parsePinRecord(readStored(KIOSK_PIN_KEY));
    if (!record || !(await pinMatches(pin, record))) {
      const next = afterWrongPin(attempts, now());
      localStorage.setItem(KIOSK_ATTEMPTS_KEY, JSON.stringify(next));
      return { ok: false, reason: "wrong", waitSeconds: secondsToWait(next, now()) };
    }
    localStorage.removeItem(KIOSK_ATTEMPTS_KEY);
    return { ok: true };
  });
}

/**
 * PINs are checked one at a time in all the app's tabs (a Web Lock), each reading the count of
 * wrong ones after the one before wrote it: checks sent together (two forms, several tabs) all
 * read the same count, so none was slowed down.
 */
const PIN_CHECK_LOCK = "chc.kiosk.pinCheck";
let localQueue: Promise<unknown> = Promise.resolve();

function oneCheckAtATime<T>(check: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.locks)
    return navigator.locks.request(PIN_CHECK_LOCK, check);
  // Without Web Locks (older browsers): one at a time in this tab at least.
  const run = localQueue.then(check, check);
  localQueue = run.catch(() => undefined);
  return run;
}

/** Turns kiosk mode off when `pin` is the staff PIN; wrong guesses make the next one wait longer. */
export async function turnOffKiosk(pin: string, now: () => number = Date.now): Promise<UnlockOutcome> {
  if (!kiosk()) return { ok: true };
  const outcome = await checkStaffPin(pin, now);
  if (!outcome.ok) return outcome;
  localStorage.removeItem(KIOSK_PIN_KEY);
  storeKioskMode(false);
  return { ok: true };
}
