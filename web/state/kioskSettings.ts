// What staff choose when they turn kiosk mode on: how long a quiet screen waits before starting
// over, how long the "Still there?" warning counts down, and the language each new visitor gets.
// Pure functions, so they are tested in Node; kioskLock.ts stores the result.
import { isLang, type Lang } from "../i18n/language";

export interface KioskSettings {
  /** Seconds without input before the screen starts over (the warning included). */
  idleSeconds: number;
  /** The last part of idleSeconds, shown as the "Still there?" countdown. */
  warningSeconds: number;
  /** The language the screen returns to for the next person. */
  language: Lang;
}

export const IDLE_SECONDS = { min: 20, max: 3600, fallback: 120 } as const;
export const WARNING_SECONDS = { min: 5, max: 120, fallback: 30 } as const;

export function defaultKioskSettings(language: Lang): KioskSettings {
  return { idleSeconds: IDLE_SECONDS.fallback, warningSeconds: WARNING_SECONDS.fallback, language };
}

const inRange = (value: unknown, range: { min: number; max: number }): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max;

/** Reads stored settings; anything missing or out of range falls back to the default. */
export function parseKioskSettings(raw: string | null, language: Lang): KioskSettings {
  const fallback = defaultKioskSettings(language);
  let stored: Partial<Record<keyof KioskSettings, unknown>> = {};
  try {
    stored = raw ? (JSON.parse(raw) ?? {}) : {};
  } catch {
    return fallback;
  }
  const idleSeconds = inRange(stored.idleSeconds, IDLE_SECONDS) ? stored.idleSeconds : fallback.idleSeconds;
  const warningSeconds =
    inRange(stored.warningSeconds, WARNING_SECONDS) && stored.warningSeconds < idleSeconds
      ? stored.warningSeconds
      : Math.min(fallback.warningSeconds, Math.floor(idleSeconds / 2));
  return { idleSeconds, warningSeconds, language: isLang(stored.language) ? stored.language : language };
}

export type SettingsField = "idleSeconds" | "warningSeconds";

/** Checks the numbers typed in the setup form; returns the settings or the fields that are wrong. */
export function readSettingsInput(
  idle: string,
  warning: string,
  language: Lang,
): { settings: KioskSettings } | { invalid: SettingsField[] } {
  const toInt = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
  const idleSeconds = toInt(idle);
  const warningSeconds = toInt(warning);
  const invalid: SettingsField[] = [];
  const idleValid = inRange(idleSeconds, IDLE_SECONDS);
  if (!idleValid) invalid.push("idleSeconds");
  // Compared with the wait only when the wait itself is valid, so one mistake gives one message.
  if (!inRange(warningSeconds, WARNING_SECONDS) || (idleValid && warningSeconds >= idleSeconds)) {
    invalid.push("warningSeconds");
  }
  return invalid.length > 0 ? { invalid } : { settings: { idleSeconds, warningSeconds, language } };
}
