import type { PgMigration } from "../../../db/pg/migrations.js";
import { pgSchemaMigration } from "./001-schema.js";
import { pgRegistryMigration } from "./002-registry.js";
import { pgTaskSlotsMigration } from "./003-task-slots.js";

/**
 * The same revisions as ../index.ts, numbered alike, in PostgreSQL's dialect; then what only
 * several processes need (003).
 */
export const waittimesPgMigrations: PgMigration[] = [
  pgSchemaMigration,
  pgRegistryMigration,
  pgTaskSlotsMigration,
];
