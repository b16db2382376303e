/**
 * What settles a database after a bulk write (`copy-to-postgres`, the benchmark).
 * - VACUUM (ANALYZE) of a module's schema: a table just filled has no visibility map and no
 *   planner statistics, so every index-only scan read the heap for each row and the planner
 *   guessed; searches ran four times slower until autovacuum happened by. Vacuuming also flushes
 *   the GIN indexes' pending lists.
 * - A CHECKPOINT: otherwise the gigabytes the copy wrote are still being written out to disk, by
 *   PostgreSQL's spread checkpoint and the kernel, for minutes after it ends (4.5 minutes after a
 *   copy of 100,000 archive pages), and the first searches compete with that.
 */
import type pg from "pg";

export interface VacuumReport {
  /** The tables vacuumed, schema-qualified. */
  tables: string[];
  seconds: number;
}

/** Every table of the schema (the copied ones and the search structures built after them), largest first. */
export async function schemaTables(pool: pg.Pool, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')
      ORDER BY pg_total_relation_size(c.oid) DESC, c.relname`,
    [schema],
  );
  return rows.map((r) => r.name);
}

/**
 * Vacuums and analyzes each table of the schema in turn (VACUUM runs outside a transaction, so
 * each is its own statement on a pooled connection), calling `onTable` before each.
 */
export async function vacuumAnalyzeSchema(
  pool: pg.Pool,
  schema: string,
  onTable?: (table: string, index: number, count: number) => void,
): Promise<VacuumReport> {
  const t0 = performance.now();
  const tables = await schemaTables(pool, schema);
  for (const [i, table] of tables.entries()) {
    onTable?.(table, i, tables.length);
    await pool.query(`VACUUM (ANALYZE) ${table}`);
  }
  return { tables, seconds: (performance.now() - t0) / 1000 };
}

/** A CHECKPOINT's time, or why PostgreSQL refused it. */
export type CheckpointReport = { seconds: number } | { refused: string };

/**
 * Writes every changed page out to disk now (CHECKPOINT). It needs a superuser or the
 * `pg_checkpoint` role (PostgreSQL 15); a role without them gets the refusal back, not an error:
 * the data is safe either way (in the WAL), only written out later.
 */
export async function checkpoint(pool: pg.Pool): Promise<CheckpointReport> {
  const t0 = performance.now();
  try {
    await pool.query("CHECKPOINT");
  } catch (err) {
    if ((err as { code?: string }).code === "42501") return { refused: (err as Error).message };
    throw err;
  }
  return { seconds: (performance.now() - t0) / 1000 };
}
