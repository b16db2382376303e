/**
 * The one-line summary of a change, written from its stored figures in English or French, so the
 * feed can answer in the reader's language without keeping a copy of every sentence per language.
 * Section names are quoted as the page wrote them (they are the page's own headings).
 */
import type { ChangeType } from "../../../shared/archive/changes.js";
import type { Lang } from "../../core/http/response-lang.js";

export interface ChangeFacts {
  type: ChangeType;
  addedLines: number;
  removedLines: number;
  changedSections: { section: string }[];
  highNoise: boolean;
}

interface Words {
  newPage: string;
  removedPage: string;
  sameText: string;
  onlyNoise: (lines: string) => string;
  lines: (n: number) => string;
  added: (n: number) => string;
  removed: (n: number) => string;
  quote: (s: string) => string;
  within: string;
}

const plural = (lang: Lang) => {
  const rules = new Intl.PluralRules(lang === "fr" ? "fr-CA" : "en-CA");
  const number = new Intl.NumberFormat(lang === "fr" ? "fr-CA" : "en-CA");
  return (n: number, one: string, other: string) =>
    `${number.format(n)} ${rules.select(n) === "one" ? one : other}`;
};
const en = plural("en");
const fr = plural("fr");
const NBSP = "\u00a0";

const WORDS: Record<Lang, Words> = {
  en: {
    newPage: "New page",
    removedPage: "Page no longer found in the later crawl",
    sameText: "Markup, dates or other non-text details changed; the text is the same",
    onlyNoise: (lines) => `Only dates, numbers or spacing changed (${lines})`,
    lines: (n) => en(n, "line", "lines"),
    added: (n) => en(n, "line added", "lines added"),
    removed: (n) => en(n, "removed", "removed"),
    quote: (s) => `“${s}”`,
    within: " in ",
  },
  fr: {
    newPage: "Nouvelle page",
    removedPage: "Page introuvable lors de la collecte suivante",
    sameText: `Le balisage, des dates ou d’autres détails hors du texte ont changé${NBSP}; le texte est le même`,
    onlyNoise: (lines) => `Seuls des dates, des nombres ou des espaces ont changé (${lines})`,
    lines: (n) => fr(n, "ligne", "lignes"),
    added: (n) => fr(n, "ligne ajoutée", "lignes ajoutées"),
    removed: (n) => fr(n, "supprimée", "supprimées"),
    quote: (s) => `«${NBSP}${s}${NBSP}»`,
    within: " dans ",
  },
};

/** Where the edit fell: the first three sections, an ellipsis when there are more. */
function where(w: Words, sections: { section: string }[]): string {
  if (!sections.length) return "";
  const named = sections
    .slice(0, 3)
    .map((s) => w.quote(s.section))
    .join(", ");
  return `${w.within}${named}${sections.length > 3 ? "…" : ""}`;
}

export function changeSummary(f: ChangeFacts, lang: Lang): string {
  const w = WORDS[lang];
  if (f.type === "new_page") return w.newPage;
  if (f.type === "removed") return w.removedPage;
  if (f.highNoise) {
    if (f.addedLines + f.removedLines === 0) return w.sameText;
    return `${w.onlyNoise(w.lines(f.addedLines))}${where(w, f.changedSections)}`;
  }
  return `${w.added(f.addedLines)}, ${w.removed(f.removedLines)}${where(w, f.changedSections)}`;
}
