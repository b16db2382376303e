/**
 * Which tables `copy-to-postgres` copies, found from both sides: every table of the sql.js file
 * that the module's PostgreSQL schema also has, with the columns both share (a column PostgreSQL
 * generates is left to it), in foreign-key order. Tables only sql.js has are skipped with the
 * reason: its own bookkeeping, FTS4 full-text indexes and their storage tables (PostgreSQL searches
 * with its own columns), and tables the PostgreSQL revisions do not have.
 */
import type pg from "pg";
import type { Reader } from "./types.js";

export interface TablePlan {
  name: string;
  /** Columns both sides have, in sql.js order. */
  columns: string[];
  /** Their PostgreSQL types, e.g. `bigint`, `text`. */
  types: string[];
  /** How batches walk the sql.js table: its rowid, or its primary key for a WITHOUT ROWID table. */
  pageKey: string[];
  /**
   * PostgreSQL's primary key, when every column of it is copied: rows already there are found by it.
   * Empty otherwise (progress is then kept by rowid, and rows are only ever added).
   */
  conflictKey: string[];
  /** Columns of sql.js that PostgreSQL does not have (not copied, reported). */
  leftBehind: string[];
}

export interface SkippedTable {
  name: string;
  reason: string;
}

export interface CopyPlan {
  tables: TablePlan[];
  skipped: SkippedTable[];
}

const FTS_SHADOW_SUFFIXES = ["_content", "_segments", "_segdir", "_docsize", "_stat"];
const STORE_BOOKKEEPING = new Set(["_migrations", "_store_meta"]);

interface SqliteColumn {
  name: string;
  pk: number;
}

function sqliteSkipReason(name: string, sql: string, virtualTables: string[]): string | null {
  if (name.startsWith("sqlite_")) return "SQLite's own bookkeeping";
  if (STORE_BOOKKEEPING.has(name))
    return "the embedded store's bookkeeping (PostgreSQL keeps its own revisions)";
  if (/^CREATE\s+VIRTUAL\s+TABLE/i.test(sql))
    return "an SQLite full-text (FTS4) index: PostgreSQL searches with its own columns and indexes";
  const owner = virtualTables.find((v) => FTS_SHADOW_SUFFIXES.some((s) => name === `${v}${s}`));
  if (owner) return `storage of the SQLite full-text index ${owner}`;
  return null;
}

function hasRowid(source: Reader, table: string): boolean {
  try {
    source.all(`SELECT rowid FROM "${table}" LIMIT 0`);
    return true;
  } catch {
    return false;
  }
}

interface PgTableInfo {
  columns: Map<string, { generated: boolean; type: string }>;
  primaryKey: string[];
  parents: Set<string>;
}

async function pgTables(pool: pg.Pool, schema: string): Promise<Map<string, PgTableInfo>> {
  const tables = new Map<string, PgTableInfo>();
  const { rows: columns } = await pool.query<{
    table_name: string;
    column_name: string;
    generated: boolean;
    type: string;
  }>(
    `SELECT cl.relname AS table_name, a.attname AS column_name, (a.attgenerated <> '') AS generated,
            format_type(a.atttypid, NULL) AS type
       FROM pg_attribute a JOIN pg_class cl ON cl.oid = a.attrelid
      WHERE cl.relnamespace = to_regnamespace($1) AND cl.relkind IN ('r', 'p') AND a.attnum > 0
        AND NOT a.attisdropped ORDER BY a.attnum`,
    [schema],
  );
  for (const c of columns) {
    const info = tables.get(c.table_name) ?? { columns: new Map(), primaryKey: [], parents: new Set() };
    tables.set(c.table_name, info);
    info.columns.set(c.column_name, { generated: c.generated, type: c.type });
  }
  const { rows: keys } = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT k.table_name, k.column_name FROM information_schema.table_constraints t
       JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name, table_name)
      WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = $1 ORDER BY k.ordinal_position`,
    [schema],
  );
  for (const k of keys) tables.get(k.table_name)?.primaryKey.push(k.column_name);
  const { rows: links } = await pool.query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint f
       JOIN pg_class ch ON ch.oid = f.conrelid JOIN pg_class pa ON pa.oid = f.confrelid
      WHERE f.contype = 'f' AND f.connamespace = to_regnamespace($1)`,
    [schema],
  );
  for (const l of links) if (l.child !== l.parent) tables.get(l.child)?.parents.add(l.parent);
  return tables;
}

/** Parents before children; otherwise the sql.js order. */
function dependencyOrder(plans: TablePlan[], info: Map<string, PgTableInfo>): TablePlan[] {
  const left = [...plans];
  const ordered: TablePlan[] = [];
  while (left.length) {
    const names = new Set(left.map((p) => p.name));
    const i = left.findIndex(
      (p) => ![...(info.get(p.name)?.parents ?? [])].some((parent) => names.has(parent)),
    );
    // A cycle cannot be ordered: take the rest as they come (PostgreSQL then names the broken link).
    ordered.push(...left.splice(i === -1 ? 0 : i, 1));
  }
  return ordered;
}

export async function planCopy(source: Reader, pool: pg.Pool, schema: string): Promise<CopyPlan> {
  const target = await pgTables(pool, schema);
  const entries = source.all<{ name: string; sql: string | null }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid",
  );
  const virtualTables = entries.filter((e) => /^CREATE\s+VIRTUAL/i.test(e.sql ?? "")).map((e) => e.name);
  const tables: TablePlan[] = [];
  const skipped: SkippedTable[] = [];
  for (const { name, sql } of entries) {
    const reason = sqliteSkipReason(name, sql ?? "", virtualTables);
    const info = target.get(name);
    if (reason || !info) {
      skipped.push({ name, reason: reason ?? `the PostgreSQL schema "${schema}" has no such table` });
      continue;
    }
    const sqliteColumns = source.all<SqliteColumn>(`PRAGMA table_info("${name}")`);
    const copyable = (c: string) => info.columns.has(c) && !info.columns.get(c)?.generated;
    const sqlitePk = sqliteColumns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const columns = sqliteColumns.map((c) => c.name).filter(copyable);
    tables.push({
      name,
      columns,
      types: columns.map((c) => info.columns.get(c)?.type ?? "text"),
      pageKey: hasRowid(source, name) ? ["rowid"] : sqlitePk.map((c) => c.name),
      conflictKey: info.primaryKey.every((k) => columns.includes(k)) ? info.primaryKey : [],
      leftBehind: sqliteColumns.map((c) => c.name).filter((c) => !copyable(c)),
    });
  }
  return { tables: dependencyOrder(tables, target), skipped };
}
