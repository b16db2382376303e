/** Loads the reference registry into sources and hospitals, as the sql.js revision 2 does. */
import type pg from "pg";
import type { PgMigration } from "../../../db/pg/migrations.js";
import { REFERENCE_HOSPITALS, REFERENCE_SOURCES, SOURCES_ORIGIN } from "../../registry.js";
import { HOSPITAL_COLUMNS, hospitalValues, SOURCE_COLUMNS, sourceValues } from "../../registry-rows.js";

async function load(client: pg.PoolClient): Promise<void> {
  for (const s of REFERENCE_SOURCES)
    await client.query(
      `INSERT INTO sources (${SOURCE_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
      sourceValues(s, SOURCES_ORIGIN),
    );
  // hid in file order, as sql.js numbers them, so both backends give a hospital the same hid.
  for (const [i, h] of REFERENCE_HOSPITALS.entries())
    await client.query(
      `INSERT INTO hospitals (hid, ${HOSPITAL_COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [i + 1, ...hospitalValues(h)],
    );
  await client.query(
    "SELECT setval(pg_get_serial_sequence('hospitals', 'hid'), (SELECT max(hid) FROM hospitals))",
  );
}

export const pgRegistryMigration: PgMigration = {
  version: 2,
  name: "waittimes reference registry",
  up: load,
  down: "DELETE FROM hospitals; DELETE FROM sources;",
};
