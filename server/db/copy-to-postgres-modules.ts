/**
 * What `chc db copy-to-postgres` needs to know about each module beyond its tables: its PostgreSQL
 * revisions (the module's own `pgMigrations`), sequences that follow a column without being owned
 * by it, columns holding paths under the archive's WARC folder (stored relative to it when one is
 * given, so machines sharing that folder find the files), and work after the tables (the
 * archive's search entries). A module without PostgreSQL revisions is skipped, and the report
 * says so.
 */
import type pg from "pg";
import { archivePgMigrations } from "../archive/migrations/pg/index.js";
import { allModules } from "../modules.js";
import { buildArchiveSearchEntries, countMissingSearchEntries } from "./copy-to-postgres-archive.js";
import type { CopyProgress } from "./copy-to-postgres-progress.js";
import type { PgMigration } from "./pg/migrations.js";
import type { Reader } from "./types.js";

export interface FollowingSequence {
  sequence: string;
  table: string;
  column: string;
}

export interface AfterTables {
  source: Reader;
  pool: pg.Pool;
  batchSize: number;
  warcRoot?: string;
  afterBatch: (n: number) => void;
  progress: CopyProgress;
}

export interface CopyModuleSpec {
  pgMigrations: readonly PgMigration[];
  /** Sequences a write method draws from for a column (not owned by it): set past the copied values. */
  followingSequences?: readonly FollowingSequence[];
  /** Columns holding paths under the WARC folder, per table. */
  warcPathColumns?: Readonly<Record<string, readonly string[]>>;
  /** Runs once the tables are copied; returns a line for the report. */
  afterTables?: (ctx: AfterTables) => Promise<string>;
}

const extras: Record<string, Partial<CopyModuleSpec>> = {
  directory: {
    followingSequences: [{ sequence: "service_changes", table: "services", column: "change_seq" }],
  },
  archive: {
    // Its PostgreSQL schema exists before the module runs on it: copying ahead of that is harmless.
    pgMigrations: archivePgMigrations,
    warcPathColumns: {
      snapshots: ["warc_path"],
      archive_jobs: ["output_dir", "state_file_path", "combined_log_path"],
    },
    async afterTables({ source, pool, batchSize, warcRoot, afterBatch, progress }) {
      progress.start("archive: search entries", await countMissingSearchEntries(pool), "pages");
      const { built, unreadable } = await buildArchiveSearchEntries(source, pool, {
        // Small batches: a page takes milliseconds (its WARC record read, its entry written), and
        // the progress line moves once per batch.
        batchSize: Math.min(batchSize, 100),
        warcRoot,
        afterBatch,
      });
      const lost = unreadable
        ? `; ${unreadable} WARC record(s) unreadable, found by title and address only`
        : "";
      return `search entries: ${built} built from the WARC records${lost}`;
    },
  },
};

export function copyModuleSpecs(): Record<string, CopyModuleSpec> {
  const specs: Record<string, CopyModuleSpec> = {};
  for (const m of allModules) {
    const pgMigrations = m.pgMigrations ?? extras[m.name]?.pgMigrations;
    if (pgMigrations) specs[m.name] = { ...extras[m.name], pgMigrations };
  }
  return specs;
}
