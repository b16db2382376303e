/**
 * Schema revisions of one module on PostgreSQL, the counterpart of ../migrations.ts: the module's
 * own schema holds `_migrations(version, name, applied_at)`, and each revision is applied or
 * reverted in one transaction together with its row. A transaction-scoped advisory lock per schema
 * makes several processes starting at once apply each revision exactly once.
 */
import type pg from "pg";
import { type MigrationState, migrationStates } from "../migrations.js";
import { inTransaction } from "./pool.js";

export interface PgMigration {
  version: number;
  name: string;
  up: string | ((client: pg.PoolClient) => Promise<void>);
  down: string | ((client: pg.PoolClient) => Promise<void>);
}

function sorted(migrations: readonly PgMigration[]): PgMigration[] {
  const list = [...migrations].sort((a, b) => a.version - b.version);
  list.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1)
      throw new Error(`migration ${m.name}: version must be a positive integer`);
    if (i > 0 && list[i - 1].version === m.version)
      throw new Error(`migration version ${m.version} is used twice`);
  });
  return list;
}

async function lockSchema(client: pg.PoolClient, schema: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('chc-migrations'), hashtext($1))", [schema]);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${schema}._migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`,
  );
}

async function appliedRows(client: pg.Pool | pg.ClientBase, schema: string) {
  const exists = await client.query("SELECT to_regclass($1) AS t", [`${schema}._migrations`]);
  if (!exists.rows[0].t) return [];
  const { rows } = await client.query<{ version: number; name: string; applied_at: string }>(
    `SELECT version, name, applied_at FROM ${schema}._migrations ORDER BY version`,
  );
  return rows;
}

async function apply(client: pg.PoolClient, step: PgMigration["up"]): Promise<void> {
  if (typeof step === "string") await client.query(step);
  else await step(client);
}

/** Applies every pending revision in order, each in its own transaction; returns the versions applied. */
export async function pgUpgrade(
  pool: pg.Pool,
  schema: string,
  migrations: readonly PgMigration[],
  now: () => Date = () => new Date(),
): Promise<number[]> {
  const applied: number[] = [];
  for (const m of sorted(migrations)) {
    const done = await inTransaction(pool, async (client) => {
      await lockSchema(client, schema);
      const rows = await appliedRows(client, schema);
      if (rows.some((r) => r.version === m.version)) return false;
      await client.query(`SET LOCAL search_path TO ${schema}`);
      await apply(client, m.up);
      await client.query(
        `INSERT INTO ${schema}._migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
        [m.version, m.name, now().toISOString()],
      );
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

/** Reverts the highest applied revision; returns it, or null when none is applied. */
export async function pgDowngrade(
  pool: pg.Pool,
  schema: string,
  migrations: readonly PgMigration[],
): Promise<PgMigration | null> {
  return inTransaction(pool, async (client) => {
    await lockSchema(client, schema);
    const rows = await appliedRows(client, schema);
    if (rows.length === 0) return null;
    const version = rows[rows.length - 1].version;
    const m = sorted(migrations).find((x) => x.version === version);
    if (!m)
      throw new Error(
        `the database is at revision ${version}, which this code does not know; cannot downgrade it`,
      );
    await client.query(`SET LOCAL search_path TO ${schema}`);
    await apply(client, m.down);
    await client.query(`DELETE FROM ${schema}._migrations WHERE version = $1`, [version]);
    return m;
  });
}

/** The highest applied revision, 0 for a schema without any. */
export async function pgCurrentVersion(pool: pg.Pool, schema: string): Promise<number> {
  const rows = await appliedRows(pool, schema);
  return rows.length ? rows[rows.length - 1].version : 0;
}

/** Every known revision with whether it is applied, plus applied revisions this code does not know. */
export async function pgHistory(
  pool: pg.Pool,
  schema: string,
  migrations: readonly PgMigration[],
): Promise<MigrationState[]> {
  return migrationStates(sorted(migrations), await appliedRows(pool, schema));
}
