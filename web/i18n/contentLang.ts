// Content we hold in one language only (eligibility, fees, a page's own headings…) is marked with
// its language where it differs from the page's, so screen readers switch voice for it.
import { lang } from "./i18n";
import type { Lang } from "./language";

/** The `lang` attribute for text written in `written`: set only where it differs from the page's. */
export function langAttr(written: string | null | undefined): string | undefined {
  return written && written !== lang() ? written : undefined;
}

/** Text we hold in both languages: the reader's when it is there, else the English, with its language. */
export function localized(value: { en: string; fr: string }): { text: string; lang: Lang } {
  const mine = value[lang()]?.trim();
  return mine ? { text: value[lang()], lang: lang() } : { text: value.en, lang: "en" };
}
