/**
 * The search entries of a batch of snapshots on PostgreSQL, written in the snapshots' own
 * transaction (like their FTS4 rows on sql.js) so an indexed capture is searchable at once: their
 * English and French vectors, their page rows and lead words' impacts (revision 10), their pages'
 * word unions (revision 11), and any new words for the vocabulary the fuzzy mode searches.
 * A whole batch is a handful of statements whatever its size (each column one array parameter):
 * a statement per page and table held a copy to about 127 pages a second (issue 30).
 */
import type pg from "pg";
import { LEAD_WORDS } from "../migrations/pg/009-rank-lead.js";

/**
 * PostgreSQL refuses a tsvector over 1 MB; a page's first 200,000 characters of text stay well
 * under it whatever the words (a normal page has far fewer).
 */
const MAX_TEXT = 200_000;

/** What a snapshot's search entry is made of (its row in `snapshots` is already written). */
export interface SearchEntryPage {
  id: number;
  title: string | null;
  url: string;
  text: string;
}

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

/** Title (A), URL words (B) and page text (D) of the batch's row `b`, in one text search configuration. */
const vector = (config: string) =>
  `setweight(to_tsvector('${config}', b.title), 'A') || setweight(to_tsvector('${config}', b.url_words), 'B') || setweight(to_tsvector('${config}', b.body), 'D')`;

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
 * The batch's page rows, made for pages seen for the first time; a capture the default filters
 * list (2xx, not a duplicate) becomes its page's listed one when it is the latest (the lowest id
 * among equal times, as the pages view picks). Each page's best capture of the batch is taken
 * first, so the result is the one a capture at a time gave. Rows are upserted in byte order of
 * their group, which every writer follows: two writers sharing pages wait, never deadlock.
 */
async function upsertPages(client: pg.ClientBase, ids: number[]): Promise<void> {
  await client.query(
    `INSERT INTO search_pages AS p (g, listed_id, listed_ts)
     SELECT DISTINCT ON (c.g) c.g, c.listed_id, c.listed_ts FROM (
       SELECT COALESCE(s.normalized_url_group, s.url) COLLATE "C" AS g, l.id AS listed_id, l.ts AS listed_ts
         FROM snapshots s
         LEFT JOIN LATERAL (SELECT s.id, s.capture_timestamp COLLATE "C" AS ts
           WHERE s.status_code BETWEEN 200 AND 299 AND s.is_duplicate = 0) l ON TRUE
        WHERE s.id = ANY($1::bigint[])) c
      ORDER BY c.g, c.listed_id IS NULL, c.listed_ts DESC, c.listed_id
     ON CONFLICT (g) DO UPDATE SET listed_id = EXCLUDED.listed_id, listed_ts = EXCLUDED.listed_ts
       WHERE EXCLUDED.listed_id IS NOT NULL AND (p.listed_id IS NULL OR EXCLUDED.listed_ts > p.listed_ts
         OR (EXCLUDED.listed_ts = p.listed_ts AND EXCLUDED.listed_id < p.listed_id))`,
    [ids],
  );
}

/**
 * Writes the search entries of a batch of snapshots (their rows in `snapshots` already written):
 * page rows, vectors with the columns filters and sorting read, lead words' impacts (revision 10),
 * and the listed captures' words in their pages' unions (revision 11) unless `unions` is false (a
 * copy builds every union once at its end, `rebuildPageWords`). Their words go into `vocabulary`
 * when given (a caller adding them later, see captures.ts), else into the vocabulary table at
 * once. `afterPageRows` is called once the batch's page rows are written (and locked until commit).
 */
export async function writeSearchEntries(
  client: pg.ClientBase,
  pages: readonly SearchEntryPage[],
  {
    vocabulary,
    unions = true,
    afterPageRows,
  }: { vocabulary?: Set<string>; unions?: boolean; afterPageRows?: () => void } = {},
): Promise<void> {
  if (!pages.length) return;
  const ids = pages.map((p) => p.id);
  // URL words split as FTS4 splits them (PostgreSQL's parser would keep a URL whole).
  const urlWords = pages.map((p) => p.url.split(/[^\p{L}\p{N}]+/u).join(" "));
  const texts = pages.map((p) => p.text.slice(0, MAX_TEXT));
  await upsertPages(client, ids);
  afterPageRows?.();
  // One statement: the vector of the words as written is built once, and the ranking lead, pairs
  // and impacts (revisions 9, 10) come from it; that vector and the URL weight, what scoring reads,
  // go to their own table (revision 16).
  await client.query(
    `WITH entry AS MATERIALIZED (
       SELECT s.id, p.id AS page_id, s.capture_timestamp, s.status_code, s.is_duplicate, s.source_id, s.language,
         ${vector("archive.english_unaccent")} AS fts_en, ${vector("archive.french_unaccent")} AS fts_fr,
         ${vector("archive.simple_unaccent")} AS exact, archive.url_penalty(b.url) AS url_weight
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[]) AS b(id, title, url_words, body, url)
       JOIN snapshots s ON s.id = b.id
       JOIN search_pages p ON p.g = COALESCE(s.normalized_url_group, s.url)),
     r AS MATERIALIZED (SELECT entry.*, archive.rank_lead(exact, ${LEAD_WORDS}) AS lead FROM entry),
     scoring AS (INSERT INTO search_rank_vectors (id, url_weight, fts_exact) SELECT id, url_weight, exact FROM r),
     impacts AS (INSERT INTO search_impacts (term, impact, id)
       SELECT u.lexeme, archive.term_impact(r.lead, u.lexeme, r.url_weight), r.id FROM r, unnest(r.lead) u)
     INSERT INTO snapshots_fts (id, page_id, ts, status_code, is_duplicate, source_id, language,
       fts_en, fts_fr, rank_lead, fts_pairs)
     SELECT id, page_id, capture_timestamp, status_code, is_duplicate, source_id, language, fts_en, fts_fr,
       lead, archive.word_pairs(exact)
       FROM r`,
    [ids, pages.map((p) => p.title ?? ""), urlWords, texts, pages.map((p) => p.url)],
  );
  if (unions) await addPageWords(client, ids);
  const words = new Set<string>();
  for (const [i, p] of pages.entries())
    for (const w of vocabularyWords(p.title ?? "", urlWords[i], texts[i])) (vocabulary ?? words).add(w);
  if (!vocabulary) await addVocabulary(client, words);
}

/**
 * The batch's listed captures' words join their pages' unions (revision 11): each page's words of
 * the batch are gathered first (positions stripped, as `strip` leaves them), then added to what
 * the union held. Unions are written in page order; their page rows, locked before by
 * `upsertPages`, already order two writers of one page.
 */
async function addPageWords(client: pg.ClientBase, ids: number[]): Promise<void> {
  const union = (column: string) =>
    `COALESCE((SELECT array_to_tsvector(array_agg(DISTINCT w)) FROM listed l2, unnest(tsvector_to_array(l2.${column})) w
       WHERE l2.page_id = g.page_id), ''::tsvector)`;
  await client.query(
    `WITH listed AS (SELECT f.page_id, f.fts_en, f.fts_fr FROM snapshots_fts f
       WHERE f.id = ANY($1::bigint[]) AND f.status_code BETWEEN 200 AND 299 AND f.is_duplicate = 0)
     INSERT INTO search_page_words AS w (page_id, words_en, words_fr)
     SELECT g.page_id, ${union("fts_en")}, ${union("fts_fr")} FROM (SELECT DISTINCT page_id FROM listed) g
      ORDER BY g.page_id
     ON CONFLICT (page_id) DO UPDATE
       SET words_en = strip(w.words_en || EXCLUDED.words_en), words_fr = strip(w.words_fr || EXCLUDED.words_fr)`,
    [ids],
  );
}

/**
 * Writes every page's union again from its listed captures, in page order, in the caller's
 * transaction: the table is emptied (TRUNCATE, so no earlier version of a row is left behind,
 * whatever snapshot another session holds), its GIN indexes dropped, the unions inserted, and the
 * indexes built again in one pass each from their own definitions (smaller than built a row at a
 * time: 65 against 80 MB at 100,000 captures). A copy calls it once after its search entries
 * instead of growing each union batch by batch, which left its rows spread over dead versions.
 */
export async function rebuildPageWords(client: pg.ClientBase): Promise<void> {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i WHERE i.indrelid = 'search_page_words'::regclass AND NOT i.indisprimary`,
  );
  await client.query("TRUNCATE search_page_words");
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  // Concatenating stripped vectors merges their words. A temporary aggregate lasts as long as the
  // session, which a pooled connection outlives a call by: replaced, not created twice.
  await client.query(
    "CREATE OR REPLACE AGGREGATE pg_temp.tsvector_union(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '')",
  );
  await client.query(
    `INSERT INTO search_page_words (page_id, words_en, words_fr)
     SELECT page_id, pg_temp.tsvector_union(strip(fts_en)), pg_temp.tsvector_union(strip(fts_fr))
       FROM snapshots_fts WHERE status_code BETWEEN 200 AND 299 AND is_duplicate = 0
      GROUP BY page_id ORDER BY page_id`,
  );
  for (const index of indexes) await client.query(index.definition);
}
