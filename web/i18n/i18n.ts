// The interface language and its messages. English, the default and the fallback, comes with the
// app; French is a chunk of its own, loaded when a page is French or the reader switches to it (the
// two catalogues together were the largest file of every first load). Both as chunks were measured
// slower on an English first visit: one more round trip before the first paint, as the app's
// policy allows no inline script to start it sooner. A French page is drawn once its catalogue is
// in (`loadLanguages`), and a switch applies once the new one is, so a key never shows in place of
// its text.
import { createEffect, createRoot, createSignal } from "solid-js";
import { linkManifest } from "../pwa/manifestLink";
import { en, type MessageKey, type Messages } from "./en";
import { format, LANG_STORAGE_KEY, type Lang, localeOf, pickLanguage } from "./language";

// French's loader is handed in by the entry (main.tsx): a dynamic import here, in the chunk every
// page shares, moved Vite's small loading helper out of the first file into one more file the first
// paint waited for.
let loadFrench: (() => Promise<Messages>) | undefined;
const loaders: Record<Lang, () => Promise<Messages>> = {
  en: async () => en,
  fr: () => (loadFrench ? loadFrench() : Promise.reject(new Error("French messages: no loader yet"))),
};
const catalogues: Partial<Record<Lang, Messages>> = { en };
const loading: Partial<Record<Lang, Promise<Messages>>> = { en: Promise.resolve(en) };

function catalogue(language: Lang): Promise<Messages> {
  loading[language] ??= loaders[language]().then(
    (messages) => {
      catalogues[language] = messages;
      return messages;
    },
    (error: unknown) => {
      delete loading[language]; // a later switch tries again (say, once back online)
      throw error;
    },
  );
  return loading[language];
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): fall back to the browser language
  }
}

function store(language: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, language);
  } catch {
    // the choice still applies for this visit
  }
}

const first = pickLanguage(readStored(), navigator.languages ?? []);
const [lang, setLangSignal] = createSignal<Lang>(first);
/** The last language asked for: a slower catalogue arriving after a later choice does not win. */
let wanted: Lang = first;

/**
 * Takes French's loader and settles once the first language's catalogue is loaded (English when
 * that one cannot be): the app is drawn after it.
 */
export function loadLanguages(french: () => Promise<Messages>): Promise<void> {
  loadFrench = french;
  return catalogue(first).then(
    () => undefined,
    () => {
      wanted = "en";
      setLangSignal("en");
    },
  );
}

createRoot(() => {
  createEffect(() => {
    document.documentElement.lang = lang();
    linkManifest(document, lang());
  });
});

export { lang };

/** The locale the page's dates, times and numbers are written in (language.ts: localeOf). */
export function locale(): string {
  return localeOf(lang());
}

/** Switches the interface once `next`'s catalogue is loaded; if it cannot be, the page stays as it is. */
export function setLang(next: Lang): Promise<void> {
  wanted = next;
  store(next);
  return catalogue(next).then(
    () => {
      if (wanted === next) setLangSignal(next);
    },
    () => {
      if (wanted === next) store(lang());
    },
  );
}

/**
 * Makes `next` the language the next page starts in, leaving this page as it is: a page about to
 * be replaced that switched language would fetch its content again in it, and a kiosk's reset
 * would find that answer cached after it had emptied the caches.
 */
export function setLangForNextPage(next: Lang): void {
  wanted = next;
  store(next);
}

/** Switches to the language setLangForNextPage chose, for a page that starts over without loading. */
export function applyNextPageLanguage(): Promise<void> {
  return setLang(wanted);
}

/** Translated text for the current language; reactive when called inside JSX or effects. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return format(catalogues[lang()]?.[key] ?? key, params, lang());
}
