import type { PgMigration } from "../../../db/pg/migrations.js";
import { pgSchemaMigration } from "./001-schema.js";
import { pgRegistryMigration } from "./002-registry.js";

/** The same revisions as ../index.ts, numbered alike, in PostgreSQL's dialect. */
export const waittimesPgMigrations: PgMigration[] = [pgSchemaMigration, pgRegistryMigration];
