/** Revision 19 on PostgreSQL, as ../019_capture_redirects.ts. */
import type { PgMigration } from "../../../db/pg/migrations.js";
import {
  captureRedirectsDown,
  captureRedirectsMigration,
  captureRedirectsUp,
} from "../019_capture_redirects.js";

export const pgCaptureRedirects: PgMigration = {
  version: 19,
  name: captureRedirectsMigration.name,
  // A search by a site's address matches the start of the URL group (LIKE 'https://old.example/%').
  up: `${captureRedirectsUp("pg")}
CREATE INDEX capture_redirects_group_prefix ON capture_redirects (normalized_url_group text_pattern_ops);`,
  down: captureRedirectsDown,
};
