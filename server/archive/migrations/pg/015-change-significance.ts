/** Revision 15 on PostgreSQL, as ../015_change_significance.ts (the same statements). */
import type { PgMigration } from "../../../db/pg/migrations.js";
import {
  changeSignificanceDown,
  changeSignificanceMigration,
  changeSignificanceUp,
} from "../015_change_significance.js";

export const pgChangeSignificance: PgMigration = {
  version: 15,
  name: changeSignificanceMigration.name,
  up: changeSignificanceUp,
  down: changeSignificanceDown,
};
