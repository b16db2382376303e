/**
 * Check for a module's migration list: every revision goes up, down and up again and the schema
 * after each step matches the one before/after it. Modules call this from their own tests with a
 * fresh store (and optionally rows inserted by `seed` after each revision).
 */
import { downgrade, upgrade, validateMigrations } from "./migrations.js";
import type { Migration, Reader, Store, Tx } from "./types.js";

/** The user schema (tables, indexes, triggers, views) as comparable text. */
export function schemaSnapshot(reader: Reader): string {
  return reader
    .all<{ type: string; name: string; sql: string | null }>(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT IN ('_migrations', '_store_meta') ORDER BY type, name",
    )
    .map((r) => `${r.type} ${r.name}: ${r.sql ?? ""}`)
    .join("\n");
}

export async function verifyMigrationRoundTrip(
  store: Store,
  migrations: readonly Migration[],
  seed?: (tx: Tx, version: number) => void,
): Promise<void> {
  const sorted = validateMigrations(migrations);
  for (let i = 0; i < sorted.length; i++) {
    const m = sorted[i];
    const before = schemaSnapshot(store);
    await upgrade(store, sorted.slice(0, i + 1));
    const after = schemaSnapshot(store);
    await downgrade(store, sorted.slice(0, i + 1));
    const reverted = schemaSnapshot(store);
    if (reverted !== before) {
      throw new Error(
        `revision ${m.version} ${m.name}: down does not restore the schema\nexpected:\n${before}\ngot:\n${reverted}`,
      );
    }
    await upgrade(store, sorted.slice(0, i + 1));
    const again = schemaSnapshot(store);
    if (again !== after) {
      throw new Error(
        `revision ${m.version} ${m.name}: up after down gives another schema\nexpected:\n${after}\ngot:\n${again}`,
      );
    }
    if (seed) await store.write((tx) => seed(tx, m.version));
  }
}
