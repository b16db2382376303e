/**
 * PostgreSQL only (sql.js ranks in its packed index): what a broad search ranks every match by
 * before reading any page's whole vector. `rank_lead` keeps the words of the title, the URL and
 * the page's first words (with all their positions) in a small vector stored in the row itself,
 * never compressed nor moved out of line, so scoring it costs no detoasting; `url_weight` is the
 * URL depth penalty computed once. Filled here for the rows already written.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

/** Page-text words kept after the title and URL: about a lead paragraph. */
export const LEAD_WORDS = 60;

/**
 * The function as this revision defined it: the end of the A/B part found by reading every
 * position of the page. Revision 17 reads only the A/B positions; its `down` brings this back.
 */
export const RANK_LEAD_BY_EVERY_POSITION = `
CREATE OR REPLACE FUNCTION archive.rank_lead(v tsvector, lead_words integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  pg_catalog.ts_delete(v, ARRAY(SELECT u.lexeme FROM unnest(v) u WHERE u.positions[1] > lead_words + (
    SELECT COALESCE(max(x.p), 0) FROM unnest(v) w, unnest(w.positions, w.weights) AS x(p, wt)
     WHERE x.wt IN ('A', 'B'))));`;

export const pgRankLead: PgMigration = {
  version: 9,
  name: "search ranking: a small lead vector and the URL weight per snapshot",
  up: `
-- Title (A) and URL (B) words come first in fts_exact (search-write.ts), so a lexeme belongs to
-- the lead when its first position is within lead_words of the end of the A/B part.
${RANK_LEAD_BY_EVERY_POSITION}
ALTER TABLE snapshots_fts ADD COLUMN rank_lead tsvector, ADD COLUMN url_weight double precision;
ALTER TABLE snapshots_fts ALTER COLUMN rank_lead SET STORAGE MAIN;
UPDATE snapshots_fts f SET rank_lead = archive.rank_lead(f.fts_exact, ${LEAD_WORDS}), url_weight = archive.url_penalty(s.url)
  FROM snapshots s WHERE s.id = f.id;
ALTER TABLE snapshots_fts ALTER COLUMN rank_lead SET NOT NULL, ALTER COLUMN url_weight SET NOT NULL;
`,
  down: `ALTER TABLE snapshots_fts DROP COLUMN rank_lead, DROP COLUMN url_weight;
DROP FUNCTION archive.rank_lead(tsvector, integer);`,
};
