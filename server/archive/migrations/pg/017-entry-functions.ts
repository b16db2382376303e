/**
 * PostgreSQL only: the two functions a search entry is derived through, rewritten for speed.
 * Writing a page's entry runs each once; on 600-word pages, in PostgreSQL's CPU a page:
 * - `rank_lead` (revision 9) finds where the title and URL words end from their own positions,
 *   which `ts_filter(v, '{a,b}')` keeps, instead of unnesting every position of the page and
 *   testing its weight: 0.70–0.75 ms → 0.19, the same lead for every vector.
 * - `word_pairs` (revision 10) joins each position to the next instead of sorting them all for a
 *   window: 0.69–0.72 ms → 0.59, the same pairs for every page under 16,383 words. Past that,
 *   PostgreSQL puts every later word at position 16,383; the join pairs the word before with each
 *   of them, as the phrase operator `<->` on the positions does, where the window paired it with
 *   whichever came first in its sort.
 * Rows already written keep their values: both were right for their definition.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";
import { RANK_LEAD_BY_EVERY_POSITION } from "./009-rank-lead.js";
import { WORD_PAIRS_IN_POSITION_ORDER } from "./010-search-pages.js";

export const pgEntryFunctions: PgMigration = {
  version: 17,
  name: "search entries: the lead's bound from the title and URL positions, word pairs by a join",
  up: `
CREATE OR REPLACE FUNCTION archive.rank_lead(v tsvector, lead_words integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  pg_catalog.ts_delete(v, ARRAY(SELECT u.lexeme FROM unnest(v) u WHERE u.positions[1] > lead_words + (
    SELECT COALESCE(max(p), 0) FROM unnest(pg_catalog.ts_filter(v, '{a,b}')) w, unnest(w.positions) p)));
CREATE OR REPLACE FUNCTION archive.word_pairs(v tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  array_to_tsvector(ARRAY(WITH x AS (SELECT u.lexeme AS w, pos AS p FROM unnest(v) u, unnest(u.positions) pos)
    SELECT a.w || ' ' || b.w FROM x a JOIN x b ON b.p = a.p + 1));
`,
  down: `${RANK_LEAD_BY_EVERY_POSITION}\n${WORD_PAIRS_IN_POSITION_ORDER}`,
};
