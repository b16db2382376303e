// Reads what this browser holds for the app: the storage estimate and the Cache Storage entries.
import { numberFormat } from "../../i18n/intlFormats";

export interface CacheSummary {
  name: string;
  entries: number;
}

/** French writes octets: "o, ko, Mo, Go" where English writes "B, KB, MB, GB". */
const UNITS: Record<string, string[]> = {
  en: ["B", "KB", "MB", "GB", "TB"],
  fr: ["o", "ko", "Mo", "Go", "To"],
};

export function formatBytes(bytes: number, locale: string): string {
  const units = UNITS[locale.slice(0, 2).toLowerCase()] ?? UNITS.en;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  // A no-break space: "1,5 Mo" never splits across lines.
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)}\u00a0${units[unit]}`;
}

export async function readEstimate(): Promise<StorageEstimate | null> {
  if (!navigator.storage?.estimate) return null;
  return navigator.storage.estimate().catch(() => null);
}

/** The saved copies, or null when the browser refuses this site any storage (site data blocked). */
export async function readCaches(): Promise<CacheSummary[] | null> {
  if (typeof caches === "undefined") return [];
  try {
    const names = await caches.keys();
    return await Promise.all(
      names.map(async (name) => ({ name, entries: (await (await caches.open(name)).keys()).length })),
    );
  } catch {
    return null;
  }
}

/** A sync's failure as the settings page words it: no room left, storage refused, or anything else. */
export function storageFailureKey(error: string | null): "full" | "blocked" | "other" | null {
  if (error === null) return null;
  if (/QuotaExceeded/i.test(error)) return "full";
  if (/SecurityError|not allowed|denied/i.test(error)) return "blocked";
  return "other";
}
