/**
 * Ordered schema revisions per module. `_migrations(version, name, applied_at)` in the module's
 * own database records which revisions are applied; each revision is applied or reverted in its
 * own transaction together with its `_migrations` row, so a failed revision leaves nothing behind.
 */
import type { Migration, Reader, Store, Tx } from "./types.js";

export interface MigrationState {
  version: number;
  name: string;
  applied: boolean;
  appliedAt: string | null;
  /** true for a revision recorded in the database but unknown to this code (a newer release). */
  unknown: boolean;
}

const CREATE_TABLE =
  "CREATE TABLE IF NOT EXISTS _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";

/** Checks that versions are positive integers, unique and increasing; returns them sorted. */
export function validateMigrations(migrations: readonly Migration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1)
      throw new Error(`migration ${m.name}: version must be a positive integer`);
    if (i > 0 && sorted[i - 1].version === m.version)
      throw new Error(`migration version ${m.version} is used twice`);
  });
  return sorted;
}

function hasTable(reader: Reader): boolean {
  return (
    reader.get("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = '_migrations'") !== undefined
  );
}

function appliedRows(reader: Reader): { version: number; name: string; applied_at: string }[] {
  if (!hasTable(reader)) return [];
  return reader.all("SELECT version, name, applied_at FROM _migrations ORDER BY version");
}

/** The highest applied revision, 0 for a database without any. */
export function currentVersion(reader: Reader): number {
  if (!hasTable(reader)) return 0;
  return Number(reader.get<{ v: number | null }>("SELECT MAX(version) AS v FROM _migrations")?.v ?? 0);
}

function apply(tx: Tx, step: string | ((tx: Tx) => void)): void {
  if (typeof step === "string") tx.run(step);
  else step(tx);
}

/** Applies every pending revision in order, each in its own transaction; returns the versions applied. */
export async function upgrade(
  store: Store,
  migrations: readonly Migration[],
  now: () => Date = () => new Date(),
): Promise<number[]> {
  const done = new Set(appliedRows(store).map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const m of validateMigrations(migrations)) {
    if (done.has(m.version)) continue;
    await store.write((tx) => {
      tx.run(CREATE_TABLE);
      apply(tx, m.up);
      tx.run("INSERT INTO _migrations (version, name, applied_at) VALUES (?, ?, ?)", [
        m.version,
        m.name,
        now().toISOString(),
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}

/** Reverts the highest applied revision; returns it, or null when none is applied. */
export async function downgrade(store: Store, migrations: readonly Migration[]): Promise<Migration | null> {
  const version = currentVersion(store);
  if (version === 0) return null;
  const m = validateMigrations(migrations).find((x) => x.version === version);
  if (!m)
    throw new Error(
      `the database is at revision ${version}, which this code does not know; cannot downgrade it`,
    );
  await store.write((tx) => {
    apply(tx, m.down);
    tx.run("DELETE FROM _migrations WHERE version = ?", [m.version]);
  });
  return m;
}

/** Every known revision with whether it is applied, plus applied revisions this code does not know. */
export function history(reader: Reader, migrations: readonly Migration[]): MigrationState[] {
  return migrationStates(validateMigrations(migrations), appliedRows(reader));
}

/** Known revisions (sorted) against the applied rows: each with whether it is applied, plus unknown applied ones. */
export function migrationStates(
  known: readonly { version: number; name: string }[],
  applied: readonly { version: number; name: string; applied_at: string }[],
): MigrationState[] {
  const rows = new Map(applied.map((r) => [Number(r.version), r]));
  const states: MigrationState[] = known.map((m) => {
    const row = rows.get(m.version);
    rows.delete(m.version);
    return {
      version: m.version,
      name: m.name,
      applied: !!row,
      appliedAt: row?.applied_at ?? null,
      unknown: false,
    };
  });
  for (const row of rows.values())
    states.push({
      version: Number(row.version),
      name: row.name,
      applied: true,
      appliedAt: row.applied_at,
      unknown: true,
    });
  return states.sort((a, b) => a.version - b.version);
}
