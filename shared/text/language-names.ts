/**
 * Our services list languages as people wrote them ("English", "Cree", "français"); HSDS wants an
 * ISO 639-1 or 639-3 code. Names are matched against the platform's own language names (ICU,
 * through Intl.DisplayNames) in English and French for every two-letter code, plus a few names
 * ICU spells differently or has no two-letter code for. A name we cannot place keeps its text
 * without a code rather than a guessed one. Shared: the HSDS API and the service page name
 * languages the same way.
 */
import { foldAccents } from "./fold.js";

type Lang = "en" | "fr";

/** Spellings used in Canada that ICU names otherwise, and languages with only a 639-3 code. */
const EXTRA_NAMES: Record<string, string> = {
  ojibway: "oj",
  ojibwe: "oj",
  "mi'kmaq": "mic",
  "mi'kmaw": "mic",
  mikmaq: "mic",
  "oji-cree": "ojs",
  mandarin: "cmn",
  cantonese: "yue",
  asl: "ase",
  "american sign language": "ase",
  lsq: "fcs",
  "langue des signes quebecoise": "fcs",
  "quebec sign language": "fcs",
};

// Made on first use, not when the module loads: building them loads ICU's language names, a cost
// the search page's first load paid for cards that name no language.
let made: Record<Lang, Intl.DisplayNames> | undefined;
function displayNamesIn(): Record<Lang, Intl.DisplayNames> {
  made ??= {
    en: new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }),
    fr: new Intl.DisplayNames(["fr"], { type: "language", fallback: "none" }),
  };
  return made;
}
/** Names ICU has no entry for, in our two languages. */
const OWN_NAMES: Record<string, { en: string; fr: string }> = {
  fcs: { en: "Quebec Sign Language", fr: "Langue des signes québécoise" },
};

let byName: Map<string, string> | null = null;
function nameIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(EXTRA_NAMES));
  const displayNames = displayNamesIn();
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      for (const names of [displayNames.en, displayNames.fr]) {
        const name = names.of(code);
        if (name && !byName.has(foldAccents(name))) byName.set(foldAccents(name), code);
      }
    }
  }
  return byName;
}

/** The ISO 639 code for a language as written in our records, or null when we cannot tell. */
export function languageCode(written: string): string | null {
  const folded = foldAccents(written.trim());
  if (/^[a-z]{2,3}$/.test(folded) && (displayNamesIn().en.of(folded) || OWN_NAMES[folded])) return folded;
  return nameIndex().get(folded) ?? null;
}

/** The language's name in the response language, or the text as written when it has no code. */
export function languageName(written: string, code: string | null, lang: Lang): string {
  if (!code) return written;
  const name = OWN_NAMES[code]?.[lang] ?? displayNamesIn()[lang].of(code);
  if (!name) return written;
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}
