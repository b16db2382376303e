import { createEffect, createRoot, createSignal } from "solid-js";
import { keepApiAnswersOutOfHttpCache } from "../data/api/client";
import { lang } from "../i18n/i18n";
import { LANG_STORAGE_KEY } from "../i18n/language";
import { finishInterruptedReset, reloadPagesRestoredFromCache } from "./kioskHistory";
import { type KioskSettings, parseKioskSettings } from "./kioskSettings";

// Kiosk mode for shared screens (clinic lobbies, libraries): larger type and targets, no sign-in
// pages, and after a quiet spell the screen starts over with nothing of the last visit left
// (kioskReset.ts). Turning it on or off goes through kioskLock.ts, which asks for the staff PIN.
export const KIOSK_STORAGE_KEY = "chc.kiosk";
export const KIOSK_SETTINGS_KEY = "chc.kiosk.settings";
export const KIOSK_PIN_KEY = "chc.kiosk.pin";
export const KIOSK_ATTEMPTS_KEY = "chc.kiosk.pinAttempts";

/** localStorage keys a reset keeps: the kiosk's own state, and the language (set to the kiosk's). */
export const KIOSK_KEPT_KEYS = [
  KIOSK_STORAGE_KEY,
  KIOSK_SETTINGS_KEY,
  KIOSK_PIN_KEY,
  KIOSK_ATTEMPTS_KEY,
  LANG_STORAGE_KEY,
] as const;

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: kiosk mode cannot be locked, so it stays off
  }
}

const [kiosk, setKioskSignal] = createSignal(readStored(KIOSK_STORAGE_KEY) === "1");

/** Records the mode; only kioskLock.ts calls this, after the PIN step. */
export function storeKioskMode(on: boolean): void {
  localStorage.setItem(KIOSK_STORAGE_KEY, on ? "1" : "0");
  setKioskSignal(on);
}

/** True when a staff PIN is saved, i.e. turning kiosk mode off needs it. */
export const kioskLocked = () => kiosk() && readStored(KIOSK_PIN_KEY) !== null;

export function kioskSettings(): KioskSettings {
  return parseKioskSettings(readStored(KIOSK_SETTINGS_KEY), lang());
}

// Before anything renders: a reset that moved to this document finishes here.
finishInterruptedReset();
reloadPagesRestoredFromCache(kiosk);

createRoot(() => {
  createEffect(() => {
    document.documentElement.classList.toggle("kiosk", kiosk());
    // What a visit reads stays out of the browser's HTTP cache on a shared screen.
    keepApiAnswersOutOfHttpCache(kiosk());
  });
});

export { kiosk };
