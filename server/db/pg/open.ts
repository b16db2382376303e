/**
 * Opens a module's PostgreSQL schema for the server or the CLI: migrates it to the latest revision
 * over a short-lived connection without a statement timeout (a revision may rewrite a large table),
 * then returns the serving pool, whose connect and statement timeouts stay below
 * REQUEST_TIMEOUT_MS so a request never hangs on a database that is down.
 */
import type pg from "pg";
import { PgHealth } from "./health.js";
import { type PgMigration, pgUpgrade } from "./migrations.js";
import { createPgPool } from "./pool.js";

export interface PgTimeouts {
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  readTimeoutMs: number;
}

/**
 * Within the request budget: waiting for a connection at most a third of it (5 s at most), a
 * statement half of it, and the client gives up on a silent server at three quarters.
 */
export function pgTimeouts(requestTimeoutMs: number): PgTimeouts {
  return {
    connectTimeoutMs: Math.min(5_000, Math.floor(requestTimeoutMs / 3)),
    statementTimeoutMs: Math.floor(requestTimeoutMs / 2),
    readTimeoutMs: Math.floor((requestTimeoutMs * 3) / 4),
  };
}

/**
 * A pool without a statement timeout, for migrations, demo seeding and CLI commands. Seeding holds
 * one connection for its lock (withSchemaLock) while its writes take others.
 */
export function adminPool(url: string, schema: string): pg.Pool {
  return createPgPool({ url, schema, size: 4 });
}

/**
 * Runs `fn` while holding a session advisory lock named for the schema and task, so processes
 * starting together do it one after another (the second finds the work done).
 */
export async function withSchemaLock<T>(pool: pg.Pool, schema: string, task: string, fn: () => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1), hashtext($2))", [`chc-${task}`, schema]);
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext($1), hashtext($2))", [`chc-${task}`, schema]);
    }
  } finally {
    client.release();
  }
}

export interface OpenedPg {
  pool: pg.Pool;
  health: PgHealth;
  /** Versions applied by this opening (empty when another process or an earlier start did it). */
  applied: number[];
}

/** What opening a schema needs of the configuration (core/config.ts's names; server/db/ imports no core). */
export interface PgOpenSettings {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
  REQUEST_TIMEOUT_MS: number;
}

export async function openPgSchema(
  config: PgOpenSettings,
  schema: string,
  migrations: readonly PgMigration[],
): Promise<OpenedPg> {
  const admin = adminPool(config.DATABASE_URL, schema);
  let applied: number[];
  try {
    applied = await pgUpgrade(admin, schema, migrations);
  } finally {
    await admin.end();
  }
  const timeouts = pgTimeouts(config.REQUEST_TIMEOUT_MS);
  const pool = createPgPool({
    url: config.DATABASE_URL,
    schema,
    size: config.DATABASE_POOL_SIZE,
    ...timeouts,
  });
  return { pool, health: new PgHealth(pool, timeouts.connectTimeoutMs), applied };
}
