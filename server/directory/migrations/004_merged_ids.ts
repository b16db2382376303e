/**
 * Duplicate records folded into one (server/directory/merge-services.ts): the kept service lists
 * the ids it absorbed in `merged_ids_json`, so those ids keep answering with it, and each absorbed
 * id stays behind as a tombstone (deleted_at set) that syncing clients receive.
 */
import type { Migration } from "../../db/types.js";

export const mergedIdsMigration: Migration = {
  version: 4,
  name: "merged_ids",
  up: "ALTER TABLE services ADD COLUMN merged_ids_json TEXT NOT NULL DEFAULT '[]'",
  down: "ALTER TABLE services DROP COLUMN merged_ids_json",
};
