/**
 * Which database a module runs on: its sql.js store (the embedded default) or, with DATABASE_URL,
 * a pool on its own PostgreSQL schema. The core reads health, probes and closes both alike here;
 * a module's `repository-of.ts` picks its backend from the same value.
 */
import type pg from "pg";
import type { PgHealth, PgHealthStatus } from "../db/pg/health.js";
import type { Store, StoreHealth, StoreStatus } from "../db/types.js";

export type ModuleDatabase =
  | { kind: "sqljs"; store: Store }
  | { kind: "pg"; pool: pg.Pool; health: PgHealth };

/** What a repository is made from: a module context, or a bare sql.js store (tests, tools). */
export type DatabaseHolder = { database: ModuleDatabase } | { store: Store };

export function databaseOf(holder: DatabaseHolder): ModuleDatabase {
  return "database" in holder ? holder.database : { kind: "sqljs", store: holder.store };
}

/** The object a module's one repository instance is keyed by. */
export function databaseKey(db: ModuleDatabase): object {
  return db.kind === "pg" ? db.pool : db.store;
}

/** The health kept current without a query (sql.js as things happen; PostgreSQL by its last probe). */
export function keptHealth(db: ModuleDatabase): StoreHealth {
  return db.kind === "pg" ? db.health.health() : db.store.health();
}

/** Brings the kept health up to date where that needs a query (PostgreSQL, at most once a second). */
export async function refreshHealth(db: ModuleDatabase): Promise<void> {
  if (db.kind === "pg") await db.health.refresh();
}

/** A real check, for the operator's view. */
export async function probeDatabase(db: ModuleDatabase): Promise<boolean> {
  return db.kind === "pg" ? db.health.check() : db.store.check();
}

export function databaseStatus(db: ModuleDatabase): StoreStatus | PgHealthStatus {
  return db.kind === "pg" ? db.health.status() : db.store.status();
}

/** True when writes wait for an operator (a damaged sql.js journal); PostgreSQL has no such state. */
export function refusesWrites(db: ModuleDatabase): boolean {
  return db.kind === "sqljs" && db.store.status().damaged !== null;
}

export async function closeDatabase(db: ModuleDatabase): Promise<void> {
  if (db.kind === "pg") await db.pool.end();
  else await db.store.close();
}
