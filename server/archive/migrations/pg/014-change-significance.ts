/** Revision 14 on PostgreSQL, as ../014_change_significance.ts (the same statements). */
import type { PgMigration } from "../../../db/pg/migrations.js";
import {
  changeSignificanceDown,
  changeSignificanceMigration,
  changeSignificanceUp,
} from "../014_change_significance.js";

export const pgChangeSignificance: PgMigration = {
  version: 14,
  name: changeSignificanceMigration.name,
  up: changeSignificanceUp,
  down: changeSignificanceDown,
};
