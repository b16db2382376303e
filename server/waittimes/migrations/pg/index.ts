import type { PgMigration } from "../../../db/pg/migrations.js";
import { pgSchemaMigration } from "./001-schema.js";
import { pgRegistryMigration } from "./002-registry.js";
import { pgTaskSlotsMigration } from "./003-task-slots.js";
import { pgReferenceRefreshMigration } from "./004-reference-refresh.js";
import { pgCalendarDaysMigration } from "./005-calendar-days.js";
import { pgMethodologyChangesMigration } from "./006-methodology-changes.js";

/**
 * The revisions of ../index.ts in PostgreSQL's dialect: 1 and 2 numbered alike, then what only
 * several processes need (3), then sql.js's 3, 4 and 5 as 4, 5 and 6.
 */
export const waittimesPgMigrations: PgMigration[] = [
  pgSchemaMigration,
  pgRegistryMigration,
  pgTaskSlotsMigration,
  pgReferenceRefreshMigration,
  pgCalendarDaysMigration,
  pgMethodologyChangesMigration,
];
