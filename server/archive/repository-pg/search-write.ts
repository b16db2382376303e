/**
 * A snapshot's search entries on PostgreSQL, written in the snapshot's own transaction (like its
 * FTS4 row on sql.js) so an indexed capture is searchable at once: its English and French vectors,
 * its page row and lead words' impacts (revision 10), its page's word union (revision 11), and any
 * new words for the vocabulary the fuzzy mode searches.
 */
import type pg from "pg";
import { LEAD_WORDS } from "../migrations/pg/009-rank-lead.js";

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
  return [...words];
}

const vector = (config: string) =>
  `setweight(to_tsvector('${config}', $2), 'A') || setweight(to_tsvector('${config}', $3), 'B') || setweight(to_tsvector('${config}', $4), 'D')`;

/**
 * Adds the words the vocabulary lacks. Words already there are skipped before the insert (cheaper
 * than a conflict per word); a word two writers add at once is kept once, and both insert in byte
 * order, so they wait for each other's new words in one order and never deadlock.
 */
export async function addVocabulary(client: pg.ClientBase, words: Iterable<string>): Promise<void> {
  const list = [...new Set(words)];
  if (!list.length) return;
  await client.query(
    `INSERT INTO search_terms (term) SELECT w FROM unnest($1::text[]) AS w
      WHERE NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.term = w) ORDER BY w COLLATE "C" ON CONFLICT (term) DO NOTHING`,
    [list],
  );
}

/**
 * Writes a snapshot's search entries (its row in `snapshots` is already written): its page row,
 * its vectors with the columns filters and sorting read, its lead words' impacts (revision 10), and
 * when the default filters list it, its words in its page's union (revision 11).
 * Its words go into `vocabulary` when given (a batch adds them all at once at its end, see
 * captures.ts), else into the vocabulary table at once.
 */
export async function writeSearchEntry(
  client: pg.ClientBase,
  id: number,
  page: { title: string | null; url: string; text: string },
  vocabulary?: Set<string>,
): Promise<void> {
  const text = page.text.slice(0, MAX_TEXT);
  // URL words split as FTS4 splits them (PostgreSQL's parser would keep a URL whole).
  const urlWords = page.url.split(/[^\p{L}\p{N}]+/u).join(" ");
  const pageId = await upsertPage(client, id);
  // The ranking lead and URL weight (revision 9) come from the same vector in the same statement.
  await client.query(
    `INSERT INTO snapshots_fts (id, page_id, ts, status_code, is_duplicate, source_id, language,
       fts_en, fts_fr, fts_exact, rank_lead, fts_pairs, url_weight)
     SELECT s.id, $6, s.capture_timestamp, s.status_code, s.is_duplicate, s.source_id, s.language,
       ${vector("archive.english_unaccent")}, ${vector("archive.french_unaccent")}, v.exact,
       archive.rank_lead(v.exact, ${LEAD_WORDS}), archive.word_pairs(v.exact), archive.url_penalty($5)
       FROM snapshots s, (SELECT ${vector("archive.simple_unaccent")} AS exact) v WHERE s.id = $1`,
    [id, page.title ?? "", urlWords, text, page.url, pageId],
  );
  await client.query(
    `INSERT INTO search_impacts (term, impact, id)
     SELECT u.lexeme, archive.term_impact(f.rank_lead, u.lexeme, f.url_weight), f.id
       FROM snapshots_fts f, unnest(f.rank_lead) u WHERE f.id = $1`,
    [id],
  );
  // A listed capture's words join its page's union (revision 11). Two writers of one page wait for
  // each other on the union's row, and the second adds to what the first wrote.
  await client.query(
    `INSERT INTO search_page_words AS w (page_id, words_en, words_fr)
     SELECT f.page_id, strip(f.fts_en), strip(f.fts_fr) FROM snapshots_fts f
      WHERE f.id = $1 AND f.status_code BETWEEN 200 AND 299 AND f.is_duplicate = 0
     ON CONFLICT (page_id) DO UPDATE
       SET words_en = strip(w.words_en || EXCLUDED.words_en), words_fr = strip(w.words_fr || EXCLUDED.words_fr)`,
    [id],
  );
  const words = vocabularyWords(page.title ?? "", urlWords, text);
  if (vocabulary) for (const w of words) vocabulary.add(w);
  else await addVocabulary(client, words);
}

/**
 * The snapshot's page row, made when it is the page's first capture; a capture the default filters
 * list (2xx, not a duplicate) becomes the page's listed one when it is the latest (the lowest id
 * among equal times, as the pages view picks). The row lock orders writers of one page.
 */
async function upsertPage(client: pg.ClientBase, id: number): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO search_pages AS p (g, listed_id, listed_ts)
     SELECT COALESCE(s.normalized_url_group, s.url), l.id, l.ts FROM snapshots s
       LEFT JOIN LATERAL (SELECT s.id, s.capture_timestamp AS ts
         WHERE s.status_code BETWEEN 200 AND 299 AND s.is_duplicate = 0) l ON TRUE
      WHERE s.id = $1
     ON CONFLICT (g) DO UPDATE SET listed_id = EXCLUDED.listed_id, listed_ts = EXCLUDED.listed_ts
       WHERE EXCLUDED.listed_id IS NOT NULL AND (p.listed_id IS NULL OR EXCLUDED.listed_ts > p.listed_ts
         OR (EXCLUDED.listed_ts = p.listed_ts AND EXCLUDED.listed_id < p.listed_id))
     RETURNING p.id`,
    [id],
  );
  if (rows.length) return rows[0].id;
  // Not updated (an older or unlisted capture of a known page): RETURNING is empty, read the id.
  const known = await client.query<{ id: number }>(
    "SELECT p.id FROM search_pages p JOIN snapshots s ON p.g = COALESCE(s.normalized_url_group, s.url) WHERE s.id = $1",
    [id],
  );
  return known.rows[0].id;
}
