/**
 * The built-in sources (Health Canada, PHAC, CIHR and the bundled demo site) as reference rows,
 * so every open of the archive database, from the server or the CLI, has them. The timestamp is
 * fixed: migrations are replayed and must be deterministic.
 */
import type { Migration, Tx } from "../../db/types.js";
import { BUILT_IN_SOURCES } from "../crawl/sources-store.js";

const AT = "2026-01-01T00:00:00.000Z";

export const builtInSourcesMigration: Migration = {
  version: 2,
  name: "built-in sources",
  up(tx: Tx) {
    for (const s of BUILT_IN_SOURCES) {
      tx.run(
        "INSERT OR IGNORE INTO sources (code, name, base_url, description, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)",
        [s.code, s.name, s.base_url, s.description, AT, AT],
      );
    }
  },
  down(tx: Tx) {
    tx.run(
      `DELETE FROM sources WHERE code IN (${BUILT_IN_SOURCES.map(() => "?").join(", ")}) AND id NOT IN (SELECT source_id FROM archive_jobs WHERE source_id IS NOT NULL)`,
      BUILT_IN_SOURCES.map((s) => s.code),
    );
  },
};
