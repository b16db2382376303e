/** Loads the reference registry into sources and hospitals, as the sql.js revision 2 does. */
import type pg from "pg";
import type { PgMigration } from "../../../db/pg/migrations.js";
import { REFERENCE_HOSPITALS, REFERENCE_SOURCES, SOURCES_ORIGIN } from "../../registry.js";

async function load(client: pg.PoolClient): Promise<void> {
  for (const s of REFERENCE_SOURCES) {
    const m = s.methodology;
    await client.query(
      `INSERT INTO sources (id, name, province, url, methodology_url, telehealth_number, telehealth_name, data_source,
        update_frequency, feed_format, cadence_seconds, metric_family, start_event, end_event, statistic_type, origin)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
      [
        s.id,
        s.name,
        s.province,
        s.url,
        s.methodology_url,
        s.telehealth_number,
        s.telehealth_name,
        s.data_source,
        s.update_frequency,
        s.feed_format,
        s.cadence_seconds,
        m.metric_family,
        m.start_event,
        m.end_event,
        m.statistic_type,
        SOURCES_ORIGIN,
      ],
    );
  }
  // hid in file order, as sql.js numbers them, so both backends give a hospital the same hid.
  for (const [i, h] of REFERENCE_HOSPITALS.entries()) {
    await client.query(
      `INSERT INTO hospitals (hid, id, name, province, city, address, phone, latitude, longitude, source_id, aliases, provenance)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [
        i + 1,
        h.id,
        h.name,
        h.province,
        h.city,
        h.address,
        h.phone,
        h.latitude,
        h.longitude,
        h.source_id,
        JSON.stringify(h.aliases),
        h.provenance,
      ],
    );
  }
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
