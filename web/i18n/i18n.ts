import { createEffect, createRoot, createSignal } from "solid-js";
import { linkManifest } from "../pwa/manifestLink";
import { en, type MessageKey, type Messages } from "./en";
import { fr } from "./fr";
import { format, LANG_STORAGE_KEY, type Lang, pickLanguage } from "./language";

const catalogues: Record<Lang, Messages> = { en, fr };

function readStored(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): fall back to the browser language
  }
}

const [lang, setLangSignal] = createSignal<Lang>(pickLanguage(readStored(), navigator.languages ?? []));

createRoot(() => {
  createEffect(() => {
    document.documentElement.lang = lang();
    linkManifest(document, lang());
  });
});

export { lang };

/**
 * The locale dates, times and numbers are written in: Canadian French ("14 h 15", "21 nov.") on a
 * French page, where plain "fr" would write France's "14:15".
 */
export function locale(): string {
  return lang() === "fr" ? "fr-CA" : "en";
}

export function setLang(next: Lang): void {
  setLangSignal(next);
  try {
    localStorage.setItem(LANG_STORAGE_KEY, next);
  } catch {
    // the choice still applies for this visit
  }
}

/** Translated text for the current language; reactive when called inside JSX or effects. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return format(catalogues[lang()][key], params, lang());
}
