/**
 * The target side of `copy-to-postgres`, per module schema: which deployment filled it
 * (`_copy_source`), where an interrupted copy stopped (`_copy_progress`, written in the same
 * transaction as each batch), the refusal of a schema holding other data, and the sequences set past
 * the copied values once a module is done.
 */
import type pg from "pg";
import type { FollowingSequence } from "./copy-plan.js";
import type { CopyPlan, TablePlan } from "./copy-to-postgres-tables.js";
import { inTransaction } from "./pg/pool.js";
import type { Reader, SqlValue } from "./types.js";

export class CopyRefusedError extends Error {}

/** Rows an unmarked table may hold (what a revision wrote) before it is refused without a look. */
const MAX_ROWS_TO_CHECK = 10_000;

/** Names the embedded deployment: when its first revision was applied, which never changes. */
export function sourceIdentity(source: Reader): string {
  const first = source.get<{ version: number; applied_at: string }>(
    "SELECT version, applied_at FROM _migrations ORDER BY version LIMIT 1",
  );
  return first ? `embedded database created ${first.applied_at}` : "empty embedded database";
}

async function exists(pool: pg.Pool, schema: string, table: string): Promise<boolean> {
  const { rows } = await pool.query("SELECT to_regclass($1) AS t", [`${schema}.${table}`]);
  return rows[0].t !== null;
}

/**
 * Refuses a schema that another deployment filled, or one holding rows this deployment does not
 * have. Rows a revision wrote (the wait-time registry) are the source's too, so they pass.
 */
export async function checkTarget(
  pool: pg.Pool,
  schema: string,
  identity: string,
  existing: CopyPlan,
  source: Reader,
): Promise<void> {
  if (await exists(pool, schema, "_copy_source")) {
    const { rows } = await pool.query<{ source: string }>(`SELECT source FROM ${schema}._copy_source`);
    const other = rows.find((r) => r.source !== identity);
    if (other)
      throw new CopyRefusedError(
        `${schema}: the PostgreSQL schema "${schema}" was filled from another deployment (${other.source}; ` +
          `this one is the ${identity}); copy into an empty database or drop that schema first`,
      );
    if (rows.length) return;
  }
  for (const table of existing.tables) await checkUnmarkedTable(pool, schema, table, source);
}

async function checkUnmarkedTable(pool: pg.Pool, schema: string, table: TablePlan, source: Reader) {
  const refuse = (what: string) =>
    new CopyRefusedError(
      `${schema}: the PostgreSQL table ${schema}.${table.name} already holds ${what}; ` +
        "copy into an empty database (or one this command filled from the same deployment)",
    );
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${schema}."${table.name}"`);
  const count = rows[0].n;
  if (count === 0) return;
  const key = table.conflictKey;
  if (count > MAX_ROWS_TO_CHECK || key.length === 0)
    throw refuse(`${count} row(s) this command did not copy`);
  const cols = key.map((k) => `"${k}"`).join(", ");
  const { rows: keys } = await pool.query<Record<string, SqlValue>>(
    `SELECT ${cols} FROM ${schema}."${table.name}"`,
  );
  const where = key.map((k) => `"${k}" = ?`).join(" AND ");
  for (const row of keys) {
    const values = key.map((k) => row[k]);
    if (!source.get(`SELECT 1 AS found FROM "${table.name}" WHERE ${where}`, values))
      throw refuse(`a row the embedded data does not have (${key.join(", ")} = ${values.join(", ")})`);
  }
}

/** Marks the schema as filled from this deployment (kept across runs). */
export async function markTarget(pool: pg.Pool, schema: string, identity: string, now: Date): Promise<void> {
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${schema}._copy_source (source text PRIMARY KEY, started_at text NOT NULL, finished_at text);
     CREATE TABLE IF NOT EXISTS ${schema}._copy_progress (table_name text PRIMARY KEY, last_key text NOT NULL)`,
  );
  await pool.query(
    `INSERT INTO ${schema}._copy_source (source, started_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [identity, now.toISOString()],
  );
}

/** Where each table's copy stopped: the last sql.js key written, per table. */
export async function loadProgress(pool: pg.Pool, schema: string): Promise<Map<string, SqlValue[]>> {
  const { rows } = await pool.query<{ table_name: string; last_key: string }>(
    `SELECT table_name, last_key FROM ${schema}._copy_progress`,
  );
  return new Map(rows.map((r) => [r.table_name, JSON.parse(r.last_key) as SqlValue[]]));
}

export async function saveProgress(client: pg.ClientBase, schema: string, table: string, key: SqlValue[]) {
  await client.query(
    `INSERT INTO ${schema}._copy_progress (table_name, last_key) VALUES ($1, $2)
     ON CONFLICT (table_name) DO UPDATE SET last_key = EXCLUDED.last_key`,
    [table, JSON.stringify(key)],
  );
}

/**
 * Ends a module's copy in one transaction: every identity column's sequence and the sequences
 * that follow a column are set to the highest copied value, `data_version` moves past both
 * backends' counters (so caches in running processes see new data), and the resume points of
 * tables with a primary key are dropped (the next run looks at every row again; a table without
 * one keeps its rowid mark, as rows there are never rewritten in place).
 */
export async function finishModule(
  pool: pg.Pool,
  schema: string,
  plan: CopyPlan,
  following: readonly FollowingSequence[],
  sourceVersion: number,
  now: Date,
): Promise<void> {
  await inTransaction(pool, async (client) => {
    const { rows: owned } = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = $1 AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
      [schema],
    );
    for (const c of owned)
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), m, true) FROM (SELECT max("${c.column_name}") AS m
           FROM ${schema}."${c.table_name}") AS top WHERE m IS NOT NULL`,
        [`${schema}."${c.table_name}"`, c.column_name],
      );
    for (const f of following)
      await client.query(
        `SELECT setval('${schema}.${f.sequence}', GREATEST(m, s.last_value), true)
           FROM (SELECT max("${f.column}") AS m FROM ${schema}."${f.table}") AS top, ${schema}.${f.sequence} s
          WHERE m IS NOT NULL`,
      );
    const version = await client.query("SELECT to_regclass($1) AS t", [`${schema}.data_version`]);
    if (version.rows[0].t)
      await client.query(
        `SELECT setval('${schema}.data_version', GREATEST(last_value, $1::bigint) + 1, true) FROM ${schema}.data_version`,
        [sourceVersion],
      );
    const withKey = plan.tables.filter((t) => t.conflictKey.length > 0).map((t) => t.name);
    await client.query(`DELETE FROM ${schema}._copy_progress WHERE table_name = ANY($1)`, [withKey]);
    await client.query(`UPDATE ${schema}._copy_source SET finished_at = $1`, [now.toISOString()]);
  });
}
