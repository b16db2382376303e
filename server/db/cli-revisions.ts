/**
 * The revision commands (`db upgrade|downgrade|current|history`) read one shape for both backends:
 * a module's sql.js store, or its PostgreSQL schema when DATABASE_URL is set. The output of the
 * commands is the same either way.
 */
import type pg from "pg";
import {
  currentVersion,
  downgrade,
  history,
  type MigrationState,
  upgrade,
  validateMigrations,
} from "./migrations.js";
import { type PgMigration, pgCurrentVersion, pgDowngrade, pgHistory, pgUpgrade } from "./pg/migrations.js";
import type { HeldFiles, Migration, Store } from "./types.js";

/** A module's database as the `db` commands see it. */
export type DbStoreEntry = (
  | { store: Store; migrations: Migration[] }
  | { pg: { pool: pg.Pool; schema: string }; migrations: PgMigration[] }
) & {
  /** The files the module keeps beside its database, for `db backup` and `db restore`. */
  files?: HeldFiles;
};

export interface Revisions {
  latest: number;
  current(): Promise<number>;
  upgrade(): Promise<number[]>;
  downgrade(): Promise<{ version: number; name: string } | null>;
  history(): Promise<MigrationState[]>;
}

const latestOf = (versions: number[]) => (versions.length ? Math.max(...versions) : 0);

export function revisionsOf(entry: DbStoreEntry): Revisions {
  if ("pg" in entry) {
    const { pool, schema } = entry.pg;
    const { migrations } = entry;
    return {
      latest: latestOf(migrations.map((m) => m.version)),
      current: () => pgCurrentVersion(pool, schema),
      upgrade: () => pgUpgrade(pool, schema, migrations),
      downgrade: () => pgDowngrade(pool, schema, migrations),
      history: () => pgHistory(pool, schema, migrations),
    };
  }
  const { store, migrations } = entry;
  return {
    latest: latestOf(validateMigrations(migrations).map((m) => m.version)),
    current: async () => currentVersion(store),
    upgrade: () => upgrade(store, migrations),
    downgrade: () => downgrade(store, migrations),
    history: async () => history(store, migrations),
  };
}
