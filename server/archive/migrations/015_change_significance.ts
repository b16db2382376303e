/**
 * Revision 15 (14 is PostgreSQL-only: the search tables' autovacuum settings): each change's significance (noise, minor, moderate, major) and the facts it was
 * computed from (share of words changed, title, headings added, removed and touched), stored so
 * /api/changes and the feeds filter on it in SQL. Changes computed before this revision get their
 * level from their stored line counts, the rule of significanceOfLineCounts in
 * ../changes/significance.ts, and no facts (their texts stay in the WARCs).
 */
import type { Migration } from "../../db/types.js";

/** The same statements on both backends. */
export const changeSignificanceUp = `
ALTER TABLE snapshot_changes ADD COLUMN significance TEXT NOT NULL DEFAULT 'moderate'
  CHECK (significance IN ('noise', 'minor', 'moderate', 'major'));
ALTER TABLE snapshot_changes ADD COLUMN significance_facts TEXT;
UPDATE snapshot_changes SET significance = CASE
  WHEN change_type <> 'updated' THEN 'major'
  WHEN high_noise = 1 THEN 'noise'
  WHEN change_ratio >= 0.5 THEN 'major'
  WHEN added_lines = removed_lines AND added_lines <= 1 THEN 'minor'
  ELSE 'moderate' END;
CREATE INDEX snapshot_changes_significance ON snapshot_changes(significance, captured_at);
`;

export const changeSignificanceDown = `
DROP INDEX snapshot_changes_significance;
ALTER TABLE snapshot_changes DROP COLUMN significance_facts;
ALTER TABLE snapshot_changes DROP COLUMN significance;
`;

export const changeSignificanceMigration: Migration = {
  version: 15,
  name: "change significance: level and the facts behind it, backfilled from line counts",
  up: changeSignificanceUp,
  down: changeSignificanceDown,
};
