/**
 * Sources get their name and description in French beside the English (both nullable: a source
 * without French is shown in English). The built-in sources are filled in here.
 */
import type { Migration, Tx } from "../../db/types.js";
import { BUILT_IN_SOURCES } from "../crawl/sources-store.js";

export const sourceFrenchMigration: Migration = {
  version: 5,
  name: "source names and descriptions in French",
  up(tx: Tx) {
    tx.run("ALTER TABLE sources ADD COLUMN name_fr TEXT");
    tx.run("ALTER TABLE sources ADD COLUMN description_fr TEXT");
    for (const s of BUILT_IN_SOURCES) {
      tx.run("UPDATE sources SET name_fr = ?, description_fr = ? WHERE code = ?", [
        s.name_fr,
        s.description_fr,
        s.code,
      ]);
    }
  },
  down(tx: Tx) {
    tx.run("ALTER TABLE sources DROP COLUMN description_fr");
    tx.run("ALTER TABLE sources DROP COLUMN name_fr");
  },
};
