/**
 * What the archive's search needs on PostgreSQL beyond its tables (../migrations/pg/text-search.ts):
 * the three text search configurations, the `unaccent` dictionary they fold accents with, and
 * `pg_trgm`'s operator class for the trigram indexes, all in the archive's schema. A dump taken
 * with `pg_dump --schema=archive` leaves the extensions out; restored, its tables and revisions are
 * there while every search fails, so the server checks these at start-up and names what is missing.
 */
import type pg from "pg";

const CONFIGS = ["english_unaccent", "french_unaccent", "simple_unaccent"];

export async function archivePgMissing(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ missing: string }>(
    `SELECT 'text search configuration archive.' || c AS missing FROM unnest($1::text[]) AS c
      WHERE NOT EXISTS (SELECT 1 FROM pg_ts_config t JOIN pg_namespace n ON n.oid = t.cfgnamespace
                         WHERE t.cfgname = c AND n.nspname = 'archive')
     UNION ALL
     SELECT 'text search dictionary archive.unaccent (extension unaccent)'
      WHERE NOT EXISTS (SELECT 1 FROM pg_ts_dict d JOIN pg_namespace n ON n.oid = d.dictnamespace
                         WHERE d.dictname = 'unaccent' AND n.nspname = 'archive')
     UNION ALL
     SELECT 'operator class archive.gin_trgm_ops (extension pg_trgm)'
      WHERE NOT EXISTS (SELECT 1 FROM pg_opclass o JOIN pg_namespace n ON n.oid = o.opcnamespace
                          JOIN pg_am a ON a.oid = o.opcmethod
                         WHERE o.opcname = 'gin_trgm_ops' AND n.nspname = 'archive' AND a.amname = 'gin')`,
    [CONFIGS],
  );
  return rows.map((r) => r.missing);
}
