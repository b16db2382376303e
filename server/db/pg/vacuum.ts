/**
 * VACUUM (ANALYZE) of a module's schema after a bulk write (`copy-to-postgres`, the benchmark). A
 * table just filled has no visibility map and no planner statistics: every index-only scan then
 * reads the heap for each row and the planner guesses, so searches ran four times slower until
 * autovacuum happened by. Vacuuming also flushes the GIN indexes' pending lists.
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
