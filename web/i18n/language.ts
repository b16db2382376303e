// Picks the interface language: a stored choice wins, then the browser's preferences, then English.
export const LANGUAGES = ["en", "fr"] as const;
export type Lang = (typeof LANGUAGES)[number];
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

/** Replaces `{name}` placeholders; unknown names are left visible so a missing value is noticed. */
export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
