/**
 * Marks the matched terms in a stored snippet: HTML-escaped text with `<mark>` around each word
 * whose accent-folded form equals a query term (or starts with it, in prefix mode). Safe to
 * insert as HTML.
 */
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
// ASCII words (most of them) need no Unicode decomposition: a cheap path for the hot loop.
const fold = (s: string) =>
  /[^ -~]/.test(s) ? s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase() : s.toLowerCase();

export function highlight(text: string, terms: string[], prefix: boolean): string {
  if (!terms.length) return esc(text);
  const set = new Set(terms.map(fold));
  return text
    .split(/([\p{L}\p{N}]+)/u)
    .map((part, i) => {
      if (i % 2 === 0) return esc(part);
      const f = fold(part);
      const hit = set.has(f) || (prefix && [...set].some((t) => f.startsWith(t)));
      return hit ? `<mark>${esc(part)}</mark>` : esc(part);
    })
    .join("");
}
