/**
 * PostgreSQL only: the title's words of each search entry, indexed apart. A `title:` query was
 * answered from the whole page's index, which cannot tell a title word from another: a common
 * word no title holds ("title:sweats") found 173,000 pages at a million captures, and each was
 * read back and rechecked for the title's weight (1.8 s; 17 s for a word with more such pages).
 * These expression indexes hold only the words of weight A (the title, search-write.ts), so the
 * title condition of a query (search-tsquery.ts titleQuery) is answered from them alone. Nothing
 * is stored twice: the index is built from the vectors `snapshots_fts` already holds.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgTitleWords: PgMigration = {
  version: 18,
  name: "search: the title's words indexed apart, so a title: query reads no page that lacks them",
  up: `
CREATE INDEX snapshots_fts_title_en ON snapshots_fts USING gin (pg_catalog.ts_filter(fts_en, '{a}'));
CREATE INDEX snapshots_fts_title_fr ON snapshots_fts USING gin (pg_catalog.ts_filter(fts_fr, '{a}'));
ANALYZE snapshots_fts;
`,
  down: `
DROP INDEX snapshots_fts_title_en;
DROP INDEX snapshots_fts_title_fr;
`,
};
