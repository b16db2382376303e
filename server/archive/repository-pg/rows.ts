/**
 * What every PostgreSQL area of the archive repository shares: typed reads on a pool or a
 * transaction's client, statements written with `?` placeholders as on sql.js (numbered here),
 * and the write transaction that moves the data version, so every process's caches see it.
 */
import type pg from "pg";
import { versionedWrite } from "../../db/pg/pool.js";

export type Queryable = pg.Pool | pg.ClientBase;

/** `?` → `$1, $2…` (the archive's statements hold no `?` inside literals). */
const numbered = new Map<string, string>();
function pgText(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, text);
  }
  return text;
}

export async function all<T>(q: Queryable, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return (await q.query(pgText(sql), params as unknown[])).rows as T[];
}

export async function one<T>(
  q: Queryable,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T | undefined> {
  return (await all<T>(q, sql, params))[0];
}

/** Rows changed by an INSERT, UPDATE or DELETE. */
export async function run(q: Queryable, sql: string, params: readonly unknown[] = []): Promise<number> {
  return (await q.query(pgText(sql), params as unknown[])).rowCount ?? 0;
}

/** `?, ?, ?` for a list of values. */
export const marks = (values: readonly unknown[]) => values.map(() => "?").join(", ");

export type Write = <T>(fn: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

/** One write method's transaction, moving the data version inside it and after COMMIT (versionedWrite). */
export function writeIn(pool: pg.Pool): Write {
  return (fn) => versionedWrite(pool, fn);
}
