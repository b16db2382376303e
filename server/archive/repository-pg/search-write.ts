/**
 * A snapshot's search entries on PostgreSQL, written in the snapshot's own transaction (like its
 * FTS4 row on sql.js) so an indexed capture is searchable at once: its English and French vectors
 * and any new words for the vocabulary the fuzzy mode searches.
 */
import type pg from "pg";

/**
 * PostgreSQL refuses a tsvector over 1 MB; a page's first 200,000 characters of text stay well
 * under it whatever the words (a normal page has far fewer).
 */
const MAX_TEXT = 200_000;

/** Accent-folded, lower-cased words, as sql.js's unicode61 tokenizer with remove_diacritics sees them. */
export function vocabularyWords(...texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts)
    for (const w of text
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u))
      if (w && w.length <= 200) words.add(w);
  // Byte order, so concurrent writers take the vocabulary's row locks in one order (no deadlock).
  return [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const vector = (config: string) =>
  `setweight(to_tsvector('${config}', $2), 'A') || setweight(to_tsvector('${config}', $3), 'B') || setweight(to_tsvector('${config}', $4), 'D')`;

export async function writeSearchEntry(
  client: pg.ClientBase,
  id: number,
  page: { title: string | null; url: string; text: string },
): Promise<void> {
  const text = page.text.slice(0, MAX_TEXT);
  // URL words split as FTS4 splits them (PostgreSQL's parser would keep a URL whole).
  const urlWords = page.url.split(/[^\p{L}\p{N}]+/u).join(" ");
  await client.query(
    `INSERT INTO snapshots_fts (id, fts_en, fts_fr, fts_exact)
     VALUES ($1, ${vector("archive.english_unaccent")}, ${vector("archive.french_unaccent")}, ${vector("archive.simple_unaccent")})`,
    [id, page.title ?? "", urlWords, text],
  );
  await client.query(
    "INSERT INTO search_terms (term) SELECT unnest($1::text[]) ON CONFLICT (term) DO NOTHING",
    [vocabularyWords(page.title ?? "", urlWords, text)],
  );
}
