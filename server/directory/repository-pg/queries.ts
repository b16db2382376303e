/**
 * What every PostgreSQL write method of the directory shares: typed reads on a pool or a
 * transaction's client, multi-row inserts, the write transaction that bumps the data version, and
 * the lock that puts service writes (and so their change numbers) in commit order.
 */
import type pg from "pg";
import { versionedWrite } from "../../db/pg/pool.js";

export type Queryable = pg.Pool | pg.ClientBase;

export async function all<T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await q.query(sql, params)).rows as T[];
}

export async function one<T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await all<T>(q, sql, params))[0];
}

/** Inserts `rows` (each `columns.length` values) in one statement; `tail` may add ON CONFLICT …. */
export async function insertRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
  tail = "",
): Promise<void> {
  if (rows.length === 0) return;
  const width = columns.length;
  const values = rows.map((_, r) => `(${columns.map((_, c) => `$${r * width + c + 1}`).join(",")})`);
  await client.query(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.join(",")} ${tail}`,
    rows.flat(),
  );
}

/** One write method's transaction: the data version moves with it and after it (versionedWrite), so every process's caches see it. */
export function writeIn(pool: pg.Pool) {
  return <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => versionedWrite(pool, fn);
}

/**
 * Held until COMMIT by every write of service rows: their change numbers are taken after it, so a
 * number is never committed after a higher one (a syncing client asking for "after N" misses
 * nothing), and an edit's read-decide-write cannot interleave with another process's.
 */
export async function lockServiceWrites(client: pg.ClientBase): Promise<void> {
  await client.query(
    "SELECT pg_advisory_xact_lock(hashtext('chc-service-writes'), hashtext(current_schema()))",
  );
}
