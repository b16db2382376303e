/**
 * PostgreSQL only: `search_page_words`, per page, the union of the stemmed words (English and
 * French, positions stripped) of its captures that the default filters list (2xx, not a
 * duplicate), under GIN indexes. For a query that is a plain OR of words or word prefixes, a page
 * has a matching listed capture exactly when its union matches, so the pages view's total is a
 * count read from the indexes instead of reading and grouping every matching capture (40,000 to
 * 80,000 rows for a common word or a typo's near spellings at 100,000 captures).
 * Filled here for the rows already written; search-write.ts adds each listed capture's words in
 * its own transaction. Captures are never removed or relabelled on PostgreSQL, so a union only grows.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

const up = `
CREATE AGGREGATE archive.tsvector_union(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
CREATE TABLE search_page_words (
  page_id bigint PRIMARY KEY REFERENCES search_pages(id),
  words_en tsvector NOT NULL, words_fr tsvector NOT NULL
);
INSERT INTO search_page_words
  SELECT page_id, strip(archive.tsvector_union(fts_en)), strip(archive.tsvector_union(fts_fr)) FROM snapshots_fts
   WHERE status_code BETWEEN 200 AND 299 AND is_duplicate = 0 GROUP BY page_id;
DROP AGGREGATE archive.tsvector_union(tsvector);
CREATE INDEX search_page_words_en ON search_page_words USING gin (words_en);
CREATE INDEX search_page_words_fr ON search_page_words USING gin (words_fr);
ANALYZE search_page_words;
`;

export const pgPageWords: PgMigration = {
  version: 11,
  name: "search: each page's listed words, for exact totals of OR queries from the index",
  up,
  down: "DROP TABLE search_page_words;",
};
