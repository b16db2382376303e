/**
 * PostgreSQL only: what a search scores a candidate on, the vector of the words as written
 * (`fts_exact`) and the URL weight, moves out of `snapshots_fts` into its own table,
 * `search_rank_vectors`, the vector kept in the row (STORAGE MAIN: PostgreSQL moves such a
 * column out of line only when the row would not fit in a page). A vector is about 3 KB and is not compressed
 * (pglz gives up on it, lz4 saves 2%), so in `snapshots_fts` each score read it back from TOAST as
 * two chunks found through the TOAST index; here it is one heap row found through the primary key
 * (a relevance search scores 300 to 600 candidates). `snapshots_fts` stays narrow for counting
 * matches. A vector longer than a page still goes to TOAST.
 * An existing database keeps the dropped column's old TOAST values until `VACUUM FULL
 * snapshots_fts` rewrites the table (not run here: it holds an exclusive lock for minutes at
 * 100,000 pages); `chc db copy-to-postgres` writes each vector once, in the new table.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

const up = `
CREATE TABLE search_rank_vectors (
  id bigint PRIMARY KEY REFERENCES snapshots(id) ON DELETE CASCADE,
  url_weight double precision NOT NULL, fts_exact tsvector NOT NULL
);
ALTER TABLE search_rank_vectors ALTER COLUMN fts_exact SET STORAGE MAIN;
INSERT INTO search_rank_vectors (id, url_weight, fts_exact)
  SELECT id, url_weight, fts_exact FROM snapshots_fts ORDER BY id;
ALTER TABLE snapshots_fts DROP COLUMN fts_exact, DROP COLUMN url_weight;
ANALYZE search_rank_vectors;
`;

const down = `
ALTER TABLE snapshots_fts ADD COLUMN fts_exact tsvector, ADD COLUMN url_weight double precision;
UPDATE snapshots_fts f SET fts_exact = v.fts_exact, url_weight = v.url_weight FROM search_rank_vectors v WHERE v.id = f.id;
ALTER TABLE snapshots_fts ALTER COLUMN fts_exact SET NOT NULL, ALTER COLUMN url_weight SET NOT NULL;
DROP TABLE search_rank_vectors;
`;

export const pgRankVectors: PgMigration = {
  version: 16,
  name: "search: what scores a candidate (words as written, URL weight) in its own rows, read without TOAST",
  up,
  down,
};
