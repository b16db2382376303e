/**
 * PostgreSQL only: `rank_lead` (revision 9) finds where the title and URL words end from their
 * own positions, which `ts_filter(v, '{a,b}')` keeps, instead of unnesting every position of the
 * page and testing its weight. Same result for every vector (a lexeme keeps all its positions
 * either way; only the bound is computed differently), so rows already written stay as they are.
 * Writing a page's search entry runs it once: on 600-word pages it cost 0.70–0.75 ms of
 * PostgreSQL's CPU a page and costs 0.19 ms now, about a sixth of the whole entry (issue 30 §2).
 */
import type { PgMigration } from "../../../db/pg/migrations.js";
import { RANK_LEAD_BY_EVERY_POSITION } from "./009-rank-lead.js";

export const pgRankLeadFilter: PgMigration = {
  version: 17,
  name: "search ranking: the lead's bound read from the title and URL positions only",
  up: `
CREATE OR REPLACE FUNCTION archive.rank_lead(v tsvector, lead_words integer) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN
  pg_catalog.ts_delete(v, ARRAY(SELECT u.lexeme FROM unnest(v) u WHERE u.positions[1] > lead_words + (
    SELECT COALESCE(max(p), 0) FROM unnest(pg_catalog.ts_filter(v, '{a,b}')) w, unnest(w.positions) p)));
`,
  down: RANK_LEAD_BY_EVERY_POSITION,
};
