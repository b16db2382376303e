/**
 * Marks the matched terms in a stored snippet: HTML-escaped text with `<mark>` around each word
 * (a run of letters and digits) whose accent-folded form equals a query term (or starts with it,
 * in prefix mode). Safe to insert as HTML. It runs on the main thread for every result row, so
 * words are found by character codes, and an ASCII word whose length no term has is passed by
 * without building its folded form.
 */
import { stripMarks } from "../../../shared/text/fold.js";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
// ASCII words (most of them) need no Unicode decomposition: a cheap path for the hot loop.
const fold = (s: string) => (/[^ -~]/.test(s) ? stripMarks(s) : s.toLowerCase());

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

export function highlight(text: string, terms: string[], prefix: boolean): string {
  if (!terms.length) return esc(text);
  const wanted = [...new Set(terms.map(fold))];
  const set = new Set(wanted);
  const lengths = new Set(wanted.map((t) => t.length));
  let out = "";
  let last = 0;
  let i = 0;
  while (i < text.length) {
    // One word: the longest run of letters and digits (whole code points) from i.
    const start = i;
    let ascii = true;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        if (!isAsciiWordChar(c)) break;
        i++;
        continue;
      }
      const cp = text.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      if (!LETTER_OR_DIGIT.test(ch)) break;
      ascii = false;
      i += ch.length;
    }
    if (i === start) {
      // Not a word character: step over it (both halves of a surrogate pair).
      i += (text.codePointAt(i) as number) > 0xffff ? 2 : 1;
      continue;
    }
    // (Lower case keeps an ASCII word's length, so a length no term has cannot be equal.)
    if (ascii && !prefix && !lengths.has(i - start)) continue;
    const word = text.slice(start, i);
    const f = ascii ? word.toLowerCase() : fold(word);
    if (!set.has(f) && !(prefix && wanted.some((t) => f.startsWith(t)))) continue;
    // A word holds no character that escaping changes.
    out += `${esc(text.slice(last, start))}<mark>${word}</mark>`;
    last = i;
  }
  return out + esc(text.slice(last));
}
