/**
 * English/French tokeniser: folds accents, splits on non-letters, drops elisions (l', j', d')
 * and stop words in both languages, and reduces plurals so "banques" meets "banque".
 */
import { foldAccents } from "./fold.js";

const STOP_WORDS = new Set(
  (
    "a an and are as at be but by for from have has i im in into is it its me my of on or our so that the " +
    "their them there they this to was we were what when where which who with you your can cant dont do does " +
    "need needs want get help some any am just how please about out up don didn doesn won isn couldn wouldn m ve ll re " +
    "le la les un une des du de et ou en au aux ce cet cette ces je j ai suis est sont pour par sur dans avec " +
    "mon ma mes ton ta tes son sa ses nous vous ils elles il elle on qui que quoi ne pas plus me moi te se l d " +
    "qu c s n m t y a besoin veux voudrais comment aide aider"
  ).split(" "),
);

/** Words kept even though they look like stop words, because they carry a need ("help" is dropped, "aide" too). */
export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

/** Reduces common English and French plural/inflection endings; conservative on short words. */
export function stem(token: string): string {
  if (token.length <= 3) return token;
  if (token.endsWith("ies") && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith("aux") && token.length > 5) return `${token.slice(0, -3)}al`;
  if (token.endsWith("ss") || token.endsWith("us") || token.endsWith("is")) return token;
  if (token.endsWith("s") || token.endsWith("x")) return token.slice(0, -1);
  return token;
}

/** Splits folded text into raw word tokens (no stop-word removal, no stemming). */
export function words(text: string): string[] {
  return foldAccents(text)
    .replace(/\b[ljdcmnst]'|\bqu'|\bjusqu'/g, " ")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Tokens for indexing and querying: folded, stop words removed, stemmed, in order. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOP_WORDS.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}
