/**
 * Accent folding and light normalisation shared by the server and the offline web app.
 * "Hébergement" and "hebergement" must meet, so every comparison runs on folded text.
 */

/** Lower-cases, strips diacritics (NFD + combining marks) and folds ligatures and typographic quotes. */
export function foldAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .replace(/ß/g, "ss")
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .toLowerCase();
}

/**
 * Lower-cases and strips every combining mark, and nothing else: the archive's words as SQLite's
 * unicode61 tokenizer (remove_diacritics) indexes them, so queries, highlights and the index meet.
 * Unlike foldAccents it keeps ligatures and quotes as they are, as that tokenizer does.
 */
export function stripMarks(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A URL-safe slug from any name: folded, lower-case, dashes between words, at most 60 characters. */
export function slugify(text: string): string {
  return (
    foldAccents(text)
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "service"
  );
}
