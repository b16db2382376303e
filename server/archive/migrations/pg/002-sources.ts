/**
 * Revisions 2, 4 and 5 on PostgreSQL, as ../002_built_in_sources.ts, ../004_demo_source_wording.ts
 * and ../005_source_french.ts: the built-in sources as reference rows (fixed time: every database
 * gets the same rows), the demo source described for the public, and French names beside English.
 */
import type { PgMigration } from "../../../db/pg/migrations.js";
import { BUILT_IN_SOURCES, DEMO_SOURCE_DESCRIPTION } from "../../crawl/sources-store.js";

const AT = "2026-01-01T00:00:00.000Z";
const EARLIER = "Bundled demonstration site, served on a loopback port and crawled on first start.";

export const pgBuiltInSources: PgMigration = {
  version: 2,
  name: "built-in sources",
  async up(client) {
    for (const s of BUILT_IN_SOURCES)
      await client.query(
        `INSERT INTO sources (code, name, base_url, description, enabled, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 1, $5, $5) ON CONFLICT (code) DO NOTHING`,
        [s.code, s.name, s.base_url, s.description, AT],
      );
  },
  async down(client) {
    await client.query(
      `DELETE FROM sources WHERE code = ANY($1)
         AND id NOT IN (SELECT source_id FROM archive_jobs WHERE source_id IS NOT NULL)`,
      [BUILT_IN_SOURCES.map((s) => s.code)],
    );
  },
};

const reword = (from: string, to: string) => async (client: import("pg").PoolClient) => {
  await client.query("UPDATE sources SET description = $1 WHERE code = 'demo' AND description = $2", [
    to,
    from,
  ]);
};

export const pgDemoSourceWording: PgMigration = {
  version: 4,
  name: "demo source described for the public",
  up: reword(EARLIER, DEMO_SOURCE_DESCRIPTION),
  down: reword(DEMO_SOURCE_DESCRIPTION, EARLIER),
};

export const pgSourceFrench: PgMigration = {
  version: 5,
  name: "source names and descriptions in French",
  async up(client) {
    await client.query("ALTER TABLE sources ADD COLUMN name_fr text, ADD COLUMN description_fr text");
    for (const s of BUILT_IN_SOURCES)
      await client.query("UPDATE sources SET name_fr = $1, description_fr = $2 WHERE code = $3", [
        s.name_fr,
        s.description_fr,
        s.code,
      ]);
  },
  down: "ALTER TABLE sources DROP COLUMN description_fr, DROP COLUMN name_fr",
};
