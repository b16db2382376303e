// Words of a service record that we can give in the reader's language although the organization
// wrote them in English: a plain "Free" as the cost, a plain "None" as the documents to bring, and
// the names of languages. Anything else stays as written, in English, and the page marks it so.
import { languageCode, languageName } from "../../../shared/text/language-names";
import type { Lang } from "../../i18n/language";

export interface Worded {
  text: string;
  /** The language `text` is in. */
  lang: Lang;
}

/**
 * A field shown in the reader's language when the organization wrote only the plain word `pattern`
 * matches ("Free", "None"); other wording as written (English).
 */
function plainWord(pattern: RegExp, words: Record<Lang, string>) {
  return (written: string, lang: Lang): Worded =>
    pattern.test(written) ? { text: words[lang], lang } : { text: written, lang: "en" };
}

/** The cost as shown: "Free" in the reader's language, other wording as written. */
export const feesText = plainWord(/^\s*free\s*\.?\s*$/i, { en: "Free", fr: "Gratuit" });

/** The documents to bring as shown: "None" (or "None required") in the reader's language. */
export const documentsText = plainWord(/^\s*none(\s+required)?\s*\.?\s*$/i, { en: "None", fr: "Aucun" });

/**
 * Each language a service is offered in, named in the reader's language when we can place it
 * (ISO 639 through the platform's names); a name we cannot place keeps its text and no language.
 */
export function languageNames(written: string[], lang: Lang): Array<{ text: string; lang: Lang | null }> {
  return written.map((w) => {
    const code = languageCode(w);
    return code ? { text: languageName(w.trim(), code, lang), lang } : { text: w, lang: null };
  });
}

/**
 * The language an organization's name is written in. Records hold it once, as the organization
 * wrote it, which is English unless it is the service's French name ("Santé811" would be French;
 * "Health811 (formerly Telehealth Ontario)" is English).
 */
export function organizationNameLang(s: {
  organizationName: string;
  name: { en: string; fr: string };
}): Lang {
  return s.organizationName === s.name.fr && s.organizationName !== s.name.en ? "fr" : "en";
}
