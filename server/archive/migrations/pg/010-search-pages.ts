/**
 * PostgreSQL only: what lets a broad search answer without reading every match's wide row.
 * - `snapshots_fts` is rebuilt narrow: every vector is moved out of the row (toast_tuple_target),
 *   and the row carries what filters, grouping and sorting read (page, capture time, status,
 *   duplicate flag, source, language), so counting 50,000 matches reads a few MB, not 200.
 * - `search_pages`: one row per URL group, with the latest capture the default filters list
 *   (2xx, not a duplicate), so "newest" is an index scan and its total a count of small rows.
 * - `fts_pairs`: each pair of adjacent words of the page (as written, as FTS4 matches phrases)
 *   under a GIN index, so a quoted phrase needs its positions checked only on the pages holding
 *   its pairs, not on every page holding its words.
 * - `search_impacts`: per snapshot, each word of its ranking lead with its score for that word
 *   alone, under an index by word and score, so the best-scored matches of a word are read first
 *   instead of scoring every match.
 * Filled here for the rows already written; search-write.ts keeps them in the snapshot's transaction.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

/** Weights of the tsvector labels {D, C, B, A}: page text, unused, URL words, title (4 : 1.5 : 1 as rank.ts). */
export const LABEL_WEIGHTS = "'{0.25, 0.25, 0.375, 1.0}'";

/**
 * `word_pairs` as this revision defined it: every position in order, each with the next. Revision
 * 17 pairs them by a join instead; its `down` brings this one back.
 */
export const WORD_PAIRS_IN_POSITION_ORDER = `
CREATE OR REPLACE FUNCTION archive.word_pairs(v tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  array_to_tsvector(ARRAY(SELECT y.w || ' ' || y.nw FROM (
    SELECT x.w, x.p, lead(x.w) OVER (ORDER BY x.p) AS nw, lead(x.p) OVER (ORDER BY x.p) AS np
      FROM (SELECT u.lexeme AS w, pos AS p FROM unnest(v) u, unnest(u.positions) pos) x) y
   WHERE y.np = y.p + 1));`;

const up = `
-- Adjacent words of a vector (positions p and p + 1), each pair as one lexeme "word next".
${WORD_PAIRS_IN_POSITION_ORDER}
CREATE TABLE search_pages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  g text COLLATE "C" NOT NULL UNIQUE,
  -- The capture the default filters show for this page: the latest 2xx non-duplicate one.
  listed_id bigint, listed_ts text COLLATE "C"
);
INSERT INTO search_pages (g) SELECT DISTINCT COALESCE(normalized_url_group, url) FROM snapshots;
UPDATE search_pages p SET listed_id = l.id, listed_ts = l.ts FROM (
  SELECT DISTINCT ON (g) COALESCE(normalized_url_group, url) AS g, id, capture_timestamp AS ts FROM snapshots
   WHERE status_code BETWEEN 200 AND 299 AND is_duplicate = 0
   ORDER BY g, capture_timestamp COLLATE "C" DESC, id) l WHERE l.g = p.g;
CREATE INDEX search_pages_listed ON search_pages (listed_ts DESC, listed_id DESC) WHERE listed_id IS NOT NULL;

CREATE TABLE search_docs (
  id bigint PRIMARY KEY REFERENCES snapshots(id) ON DELETE CASCADE,
  page_id bigint NOT NULL REFERENCES search_pages(id),
  ts text COLLATE "C" NOT NULL, status_code integer, is_duplicate integer NOT NULL,
  source_id bigint, language text, url_weight double precision NOT NULL,
  fts_en tsvector NOT NULL, fts_fr tsvector NOT NULL, fts_exact tsvector NOT NULL, rank_lead tsvector NOT NULL,
  fts_pairs tsvector NOT NULL
) WITH (toast_tuple_target = 128);
-- Short columns stay in the row: moved out with the vectors, every sort and filter would detoast them.
ALTER TABLE search_docs ALTER COLUMN ts SET STORAGE PLAIN, ALTER COLUMN language SET STORAGE PLAIN;
INSERT INTO search_docs
  SELECT f.id, p.id, s.capture_timestamp, s.status_code, s.is_duplicate, s.source_id, s.language, f.url_weight,
    f.fts_en, f.fts_fr, f.fts_exact, f.rank_lead, archive.word_pairs(f.fts_exact)
  FROM snapshots_fts f JOIN snapshots s ON s.id = f.id JOIN search_pages p ON p.g = COALESCE(s.normalized_url_group, s.url);
DROP TABLE snapshots_fts;
ALTER TABLE search_docs RENAME TO snapshots_fts;
ALTER INDEX search_docs_pkey RENAME TO snapshots_fts_pkey;
CREATE INDEX snapshots_fts_en ON snapshots_fts USING gin (fts_en);
CREATE INDEX snapshots_fts_fr ON snapshots_fts USING gin (fts_fr);
CREATE INDEX snapshots_fts_pairs ON snapshots_fts USING gin (fts_pairs);
CREATE INDEX snapshots_fts_page ON snapshots_fts (page_id);
CREATE INDEX snapshots_fts_newest ON snapshots_fts (ts DESC, id DESC);

-- A word's score alone in a snapshot's lead: ts_rank_cd as search-sql.ts ranks, times the URL weight.
CREATE FUNCTION archive.term_impact(lead tsvector, term text, url_weight double precision) RETURNS real
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  ts_rank_cd(${LABEL_WEIGHTS}, lead, ('''' || replace(replace(term, '\\', '\\\\'), '''', '''''') || '''')::tsquery, 1) * url_weight;
CREATE TABLE search_impacts (term text COLLATE "C" NOT NULL, impact real NOT NULL, id bigint NOT NULL);
INSERT INTO search_impacts SELECT u.lexeme, archive.term_impact(f.rank_lead, u.lexeme, f.url_weight), f.id
  FROM snapshots_fts f, unnest(f.rank_lead) u;
CREATE INDEX search_impacts_best ON search_impacts (term, impact DESC, id);
ANALYZE search_pages, snapshots_fts, search_impacts;
`;

const down = `
DROP TABLE search_impacts;
DROP FUNCTION archive.term_impact(tsvector, text, double precision);
DROP INDEX snapshots_fts_page, snapshots_fts_newest;
ALTER TABLE snapshots_fts DROP COLUMN fts_pairs, DROP COLUMN page_id, DROP COLUMN ts, DROP COLUMN status_code, DROP COLUMN is_duplicate,
  DROP COLUMN source_id, DROP COLUMN language;
ALTER TABLE snapshots_fts RESET (toast_tuple_target);
DROP TABLE search_pages;
DROP FUNCTION archive.word_pairs(tsvector);
`;

export const pgSearchPages: PgMigration = {
  version: 10,
  name: "search: narrow search rows, a row per page, word impacts",
  up,
  down,
};
