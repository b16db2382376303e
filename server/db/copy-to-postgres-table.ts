/**
 * Copies one table from a sql.js store into PostgreSQL in batches, each batch one transaction that
 * also records how far the copy got, so a run killed at any point resumes after the last batch
 * committed. Rows already there (same primary key) are left alone when equal and brought up to date
 * when the embedded copy changed since; the statement says which rows it inserted.
 */
import type pg from "pg";
import type { TablePlan } from "./copy-to-postgres-tables.js";
import { saveProgress } from "./copy-to-postgres-target.js";
import { inTransaction } from "./pg/pool.js";
import type { Reader, Row, SqlValue } from "./types.js";

export interface TableCopyCounts {
  copied: number;
  updated: number;
}

export interface TableCopyOptions {
  source: Reader;
  pool: pg.Pool;
  schema: string;
  table: TablePlan;
  /** The key after which to start (an interrupted run's last batch), or null for the first row. */
  resumeAfter: SqlValue[] | null;
  batchSize: number;
  /** Rewrites a row's values before they are written (WARC paths made relative). */
  transform?: (row: Row) => Row;
  /** Called after each committed batch with its rows (progress; a test interrupts the copy there). */
  afterBatch?: (rows: number) => void;
}

const quote = (name: string) => `"${name}"`;

function readBatchSql(table: TablePlan, resuming: boolean, limit: number): string {
  const keys = table.pageKey.map((k, i) => `${quote(k)} AS "__key${i}"`);
  const keyList = table.pageKey.map(quote).join(", ");
  const params = table.pageKey.map(() => "?").join(", ");
  const where = resuming ? `WHERE (${keyList}) > (${params})` : "";
  return `SELECT ${[...keys, ...table.columns.map(quote)].join(", ")} FROM ${quote(table.name)} ${where}
          ORDER BY ${keyList} LIMIT ${limit}`;
}

/**
 * One statement per batch whatever its size: each column travels as one array parameter and
 * `unnest` turns them back into rows (far cheaper to send and parse than a VALUES list).
 */
function insertSql(schema: string, table: TablePlan): string {
  const target = `${schema}.${quote(table.name)}`;
  const arrays = table.types.map((type, i) => `$${i + 1}::${type}[]`).join(", ");
  const list = table.columns.map(quote).join(", ");
  // OVERRIDING SYSTEM VALUE: identity columns take the copied ids, so references to them still hold.
  const insert = `INSERT INTO ${target} (${list}) OVERRIDING SYSTEM VALUE SELECT * FROM unnest(${arrays})`;
  if (table.conflictKey.length === 0) return insert;
  const key = table.conflictKey.map(quote).join(", ");
  const rest = table.columns.filter((c) => !table.conflictKey.includes(c));
  if (rest.length === 0) return `${insert} ON CONFLICT (${key}) DO NOTHING RETURNING true AS inserted`;
  // json has no equality operator: such columns are compared as text.
  const side = (prefix: string) =>
    rest.map(
      (c) => `${prefix}.${quote(c)}${table.types[table.columns.indexOf(c)] === "json" ? "::text" : ""}`,
    );
  const [mine, theirs] = [side(quote(table.name)).join(", "), side("EXCLUDED").join(", ")];
  return `${insert} ON CONFLICT (${key}) DO UPDATE SET ${rest.map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`).join(", ")}
          WHERE ROW(${mine}) IS DISTINCT FROM ROW(${theirs}) RETURNING (xmax = 0) AS inserted`;
}

const toParam = (v: SqlValue) => (v instanceof Uint8Array ? Buffer.from(v) : v);

/**
 * Walks the table batch by batch; the next batch is read from sql.js while PostgreSQL writes the
 * previous one. A table empty when its copy starts gets plain inserts (nothing can be there twice).
 */
export async function copyTable(opts: TableCopyOptions): Promise<TableCopyCounts> {
  const { source, pool, schema, table } = opts;
  const counts: TableCopyCounts = { copied: 0, updated: 0 };
  const empty = await pool.query(`SELECT NOT EXISTS (SELECT 1 FROM ${schema}.${quote(table.name)}) AS empty`);
  const plain = empty.rows[0].empty || table.conflictKey.length === 0;
  const sql = insertSql(schema, plain ? { ...table, conflictKey: [] } : table);
  const write = async (rows: Row[], resumeKey: SqlValue[]) => {
    const shaped = opts.transform ? rows.map(opts.transform) : rows;
    const columns = table.columns.map((c) => shaped.map((row) => toParam(row[c])));
    const written = await inTransaction(pool, async (client) => {
      const result = await client.query<{ inserted?: boolean }>(sql, columns);
      await saveProgress(client, schema, table.name, resumeKey);
      return result;
    });
    if (plain) counts.copied += written.rowCount ?? 0;
    else
      for (const r of written.rows) {
        if (r.inserted) counts.copied++;
        else counts.updated++;
      }
    opts.afterBatch?.(rows.length);
  };
  let after = opts.resumeAfter;
  let pending: Promise<void> = Promise.resolve();
  for (;;) {
    const rows = source.all<Row>(readBatchSql(table, after !== null, opts.batchSize), after ?? []);
    await pending;
    if (rows.length === 0) return counts;
    const last = rows[rows.length - 1];
    after = table.pageKey.map((_, i) => last[`__key${i}`]);
    pending = write(rows, after);
  }
}
