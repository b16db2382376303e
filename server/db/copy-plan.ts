/**
 * What `chc db copy-to-postgres` is handed for each module, beyond the tables it finds in both
 * databases (copied in foreign-key order): the module's PostgreSQL revisions, sequences that
 * follow a column without being owned by it, a per-row step for a table, and work after the
 * tables. Each module writes its own plan (its `copyPlan` in the module contract); server/db/
 * only runs them. A module without a plan is skipped, and the report says so.
 */
import type pg from "pg";
import type { CopyProgress } from "./copy-to-postgres-progress.js";
import type { PgMigration } from "./pg/migrations.js";
import type { Reader, Row } from "./types.js";

export interface FollowingSequence {
  sequence: string;
  table: string;
  column: string;
}

export interface AfterTables {
  source: Reader;
  pool: pg.Pool;
  batchSize: number;
  /** Called after each batch with how many rows or pages it held. */
  afterBatch: (n: number) => void;
  /** The copy's progress line: a plan's long step announces itself with `progress.start`. */
  progress: CopyProgress;
}

export interface CopyPlan {
  pgMigrations: readonly PgMigration[];
  /** Sequences a write method draws from for a column (not owned by it): set past the copied values. */
  followingSequences?: readonly FollowingSequence[];
  /** A step each row of `table` goes through before it is written (none: copied as read). */
  rowStep?: (table: string) => ((row: Row) => Row) | undefined;
  /** Runs once the tables are copied; returns a line for the report. */
  afterTables?: (ctx: AfterTables) => Promise<string>;
}
