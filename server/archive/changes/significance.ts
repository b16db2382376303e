/**
 * How much a change matters (noise, minor, moderate, major), computed from the two captures'
 * texts and their line diff, and the plain-words reason for the level in English or French.
 * Levels are stored with each change (migration 15); the reason is written at read time from the
 * stored facts, like the summary, so it follows the reader's language.
 */
import { diffArrays } from "diff";
import type { ChangeType, Significance, SignificanceFacts } from "../../../shared/archive/changes.js";
import type { Lang } from "../../core/http/response-lang.js";
import type { PageText } from "../index/extract-page.js";

/** Changed words at most this many, and under MODERATE_SHARE of the text: "a few words". */
export const FEW_WORDS = 12;
export const MODERATE_SHARE = 0.2;
/** From this share of the text on, most of the page was rewritten. */
export const MAJOR_SHARE = 0.5;

/** Dates, numbers and spacing blanked out, as the noise detection does (page-diff.ts). */
const skeleton = (l: string) => l.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();
const words = (lines: readonly string[]) => lines.join(" ").split(/\s+/).filter(Boolean);

export interface LineEdit {
  added: string[];
  removed: string[];
  highNoise: boolean;
  changedSections: { section: string }[];
}

export function significanceOf(
  before: PageText,
  after: PageText,
  edit: LineEdit,
): { level: Significance; facts: SignificanceFacts } {
  // Only the changed lines are compared word by word: kept lines cost nothing on a large page.
  let wordsChanged = 0;
  for (const part of diffArrays(words(edit.removed), words(edit.added)))
    if (part.added || part.removed) wordsChanged += part.value.length;
  const allWords = words([before.text]).length + words([after.text]).length;
  const shareChanged = Math.round((Math.min(wordsChanged, allWords) / Math.max(1, allWords)) * 1000) / 1000;
  const beforeHeads = new Map(before.headings.map((h) => [skeleton(h), h]));
  const afterHeads = new Map(after.headings.map((h) => [skeleton(h), h]));
  const facts: SignificanceFacts = {
    shareChanged,
    wordsChanged,
    titleChanged: skeleton(before.title ?? "") !== skeleton(after.title ?? ""),
    headingsAdded: [...afterHeads].filter(([k]) => !beforeHeads.has(k)).map(([, h]) => h),
    headingsRemoved: [...beforeHeads].filter(([k]) => !afterHeads.has(k)).map(([, h]) => h),
    headingsTouched: edit.changedSections.map((s) => s.section),
  };
  return { level: levelOf(facts, edit), facts };
}

function levelOf(f: SignificanceFacts, edit: LineEdit): Significance {
  if (edit.highNoise) return "noise";
  if (f.titleChanged || f.headingsAdded.length || f.headingsRemoved.length || f.shareChanged >= MAJOR_SHARE)
    return "major";
  // A line added or removed without a counterpart is a sentence or paragraph, not a reworded one.
  const wholeLines = edit.added.length !== edit.removed.length;
  if (wholeLines || f.wordsChanged > FEW_WORDS || f.shareChanged >= MODERATE_SHARE) return "moderate";
  return "minor";
}

/** The level of a change stored before levels were (migration 15 backfills with the same rule). */
export function significanceOfLineCounts(r: {
  type: ChangeType;
  highNoise: boolean;
  addedLines: number;
  removedLines: number;
  changeRatio: number;
}): Significance {
  if (r.type !== "updated") return "major";
  if (r.highNoise) return "noise";
  if (r.changeRatio >= MAJOR_SHARE) return "major";
  if (r.addedLines === r.removedLines && r.addedLines <= 1) return "minor";
  return "moderate";
}

/** Levels a filter keeps: one level means it and every level above it. */
export const levelsFrom = (min: Significance, all: readonly Significance[]): Significance[] =>
  all.slice(all.indexOf(min));

interface Words {
  newPage: string;
  removedPage: string;
  noise: string;
  title: string;
  added: (list: string) => string;
  removed: (list: string) => string;
  most: (share: string) => string;
  moderate: (share: string, words: string) => string;
  minor: (share: string, words: string) => string;
  lineShare: (share: string) => string;
  quote: (s: string) => string;
  within: string;
}

const NBSP = "\u00a0";
const formats = (locale: string) => ({
  percent: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }),
  count: new Intl.NumberFormat(locale),
  plural: new Intl.PluralRules(locale),
});
const EN = formats("en-CA");
const FR = formats("fr-CA");

const WORDS: Record<Lang, Words> = {
  en: {
    newPage: "A new page: all of its text is new.",
    removedPage: "The page is gone: all of its text went with it.",
    noise: "Only dates, numbers or spacing changed.",
    title: "The page title changed.",
    added: (list) => `Headings added: ${list}.`,
    removed: (list) => `Headings removed: ${list}.`,
    most: (share) => `Most of the text changed (${share}).`,
    moderate: (share, words) => `Sentences or a section changed: ${words}, ${share} of the text`,
    minor: (share, words) => `A few words changed: ${words}, ${share} of the text`,
    lineShare: (share) => `${share} of the lines changed.`,
    quote: (s) => `“${s}”`,
    within: " in ",
  },
  fr: {
    newPage: `Une nouvelle page${NBSP}: tout son texte est nouveau.`,
    removedPage: `La page a disparu${NBSP}: tout son texte avec elle.`,
    noise: "Seuls des dates, des nombres ou des espaces ont changé.",
    title: "Le titre de la page a changé.",
    added: (list) => `Intertitres ajoutés${NBSP}: ${list}.`,
    removed: (list) => `Intertitres supprimés${NBSP}: ${list}.`,
    most: (share) => `La plus grande partie du texte a changé (${share}).`,
    moderate: (share, words) => `Des phrases ou une section ont changé${NBSP}: ${words}, ${share} du texte`,
    minor: (share, words) => `Quelques mots ont changé${NBSP}: ${words}, ${share} du texte`,
    lineShare: (share) => `${share} des lignes ont changé.`,
    quote: (s) => `«${NBSP}${s}${NBSP}»`,
    within: " dans ",
  },
};

const wordCount = (lang: Lang, n: number) => {
  const f = lang === "fr" ? FR : EN;
  const one = f.plural.select(n) === "one";
  return `${f.count.format(n)} ${lang === "fr" ? (one ? "mot" : "mots") : one ? "word" : "words"}`;
};

/** Why the change got its level, in one or two plain sentences. */
export function significanceReason(
  c: { type: ChangeType; level: Significance; facts: SignificanceFacts | null; changeRatio: number },
  lang: Lang,
): string {
  const w = WORDS[lang];
  const pct = (share: number) => (lang === "fr" ? FR : EN).percent.format(share).replace(/\s%/, `${NBSP}%`);
  const list = (names: string[]) => names.slice(0, 3).map(w.quote).join(", ") + (names.length > 3 ? "…" : "");
  if (c.type === "new_page") return w.newPage;
  if (c.type === "removed") return w.removedPage;
  if (c.level === "noise") return w.noise;
  const f = c.facts;
  if (!f) return w.lineShare(pct(c.changeRatio));
  const where = f.headingsTouched.length ? `${w.within}${list(f.headingsTouched)}` : "";
  if (c.level === "major") {
    const why: string[] = [];
    if (f.titleChanged) why.push(w.title);
    if (f.headingsAdded.length) why.push(w.added(list(f.headingsAdded)));
    if (f.headingsRemoved.length) why.push(w.removed(list(f.headingsRemoved)));
    if (f.shareChanged >= MAJOR_SHARE || !why.length) why.push(w.most(pct(f.shareChanged)));
    return why.join(" ");
  }
  const say = c.level === "moderate" ? w.moderate : w.minor;
  return `${say(pct(f.shareChanged), wordCount(lang, f.wordsChanged))}${where}.`;
}
