/**
 * Revisions 4 and 5 on PostgreSQL, as ../004_merged_ids.ts and ../005_change_seq.ts: the ids a kept
 * record absorbed, and a change number per service row. Change numbers come from the sequence
 * `service_changes`, taken under the service-write lock so they follow commit order
 * (repository-pg/service-lock.ts); existing rows are numbered in the order of their last change.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgMergedIds: PgMigration = {
  version: 4,
  name: "merged_ids",
  up: "ALTER TABLE services ADD COLUMN merged_ids_json text NOT NULL DEFAULT '[]'",
  down: "ALTER TABLE services DROP COLUMN merged_ids_json",
};

export const pgChangeSeq: PgMigration = {
  version: 5,
  name: "change_seq",
  up: `
ALTER TABLE services ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
UPDATE services SET change_seq = numbered.n
  FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY updated_at, id) AS n FROM services) AS numbered
  WHERE numbered.id = services.id;
CREATE INDEX services_change_seq ON services(change_seq);
CREATE SEQUENCE service_changes;
-- The next number follows the highest one given above (1 on an empty table).
SELECT setval('service_changes', GREATEST(COALESCE(MAX(change_seq), 0), 1), COALESCE(MAX(change_seq), 0) > 0)
  FROM services;
`,
  down: "DROP SEQUENCE service_changes; DROP INDEX services_change_seq; ALTER TABLE services DROP COLUMN change_seq;",
};
