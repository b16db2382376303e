// Picks the interface language: a stored choice wins, then the browser's preferences, then English.
import { formatNumber } from "./intlFormats";

export const LANGUAGES = ["en", "fr"] as const;
export type Lang = (typeof LANGUAGES)[number];

/**
 * The locale a language's dates, times and numbers are written in: Canadian French ("14 h 15",
 * "21 nov.") for French, where plain "fr" would write France's "14:15".
 */
export const localeOf = (lang: Lang): string => (lang === "fr" ? "fr-CA" : "en");
export const LANG_STORAGE_KEY = "chc.lang";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function pickLanguage(stored: string | null | undefined, preferred: readonly string[]): Lang {
  if (isLang(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLang(base)) return base;
  }
  return "en";
}

// `{count, plural, one {# result} other {# results}}`: the ICU plural form, enough of it for counts.
const PLURAL = /\{(\w+), plural,((?:\s*[=\w]+ \{[^{}]*\})+)\s*\}/g;
const PLURAL_CASE = /([=\w]+) \{([^{}]*)\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCase(locale: string, n: number): string {
  const rules = pluralRules.get(locale) ?? new Intl.PluralRules(locale);
  pluralRules.set(locale, rules);
  return rules.select(n);
}

/**
 * Replaces `{name}` placeholders and ICU plural forms (`#` is the number, written the locale's
 * way); unknown names are left visible so a missing value is noticed.
 */
export function format(
  template: string,
  params?: Record<string, string | number>,
  locale: Lang = "en",
): string {
  if (!params) return template;
  const plurals = template.replace(PLURAL, (whole, name: string, cases: string) => {
    const n = Number(params[name]);
    if (!(name in params) || !Number.isFinite(n)) return whole;
    const forms = new Map([...cases.matchAll(PLURAL_CASE)].map((m) => [m[1], m[2]]));
    const text = forms.get(`=${n}`) ?? forms.get(pluralCase(locale, n)) ?? forms.get("other") ?? whole;
    return text.replace(/#/g, formatNumber(locale === "fr" ? "fr-CA" : "en-CA", n));
  });
  return plurals.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
