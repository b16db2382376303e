/**
 * What `chc db copy-to-postgres` needs to know about each module beyond its tables: its PostgreSQL
 * revisions, sequences that follow a column without being owned by it, and columns holding file
 * paths under the archive's WARC folder (stored relative to it, so machines sharing that folder
 * find the files). A module without PostgreSQL revisions is skipped, and the report says so.
 */
import { directoryPgMigrations } from "../directory/migrations/pg/index.js";
import { waittimesPgMigrations } from "../waittimes/migrations/pg/index.js";
import type { PgMigration } from "./pg/migrations.js";

export interface FollowingSequence {
  sequence: string;
  table: string;
  column: string;
}

export interface CopyModuleSpec {
  pgMigrations: readonly PgMigration[];
  /** Sequences a write method draws from for a column (not owned by it): set past the copied values. */
  followingSequences?: readonly FollowingSequence[];
  /** Columns holding paths under the WARC folder, per table. */
  warcPathColumns?: Readonly<Record<string, readonly string[]>>;
}

export const copyModuleSpecs: Readonly<Record<string, CopyModuleSpec>> = {
  waittimes: { pgMigrations: waittimesPgMigrations },
  directory: {
    pgMigrations: directoryPgMigrations,
    followingSequences: [{ sequence: "service_changes", table: "services", column: "change_seq" }],
  },
};
