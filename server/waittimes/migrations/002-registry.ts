/**
 * Loads the reference registry (server/waittimes/reference/*.json) into sources and hospitals.
 * Deterministic: the same files always produce the same rows, so replaying it is safe.
 */
import type { Migration, Tx } from "../../db/types.js";
import { REFERENCE_HOSPITALS, REFERENCE_SOURCES, SOURCES_ORIGIN } from "../registry.js";

function load(tx: Tx) {
  for (const s of REFERENCE_SOURCES) {
    const m = s.methodology;
    tx.run(
      `INSERT INTO sources (id, name, province, url, methodology_url, telehealth_number, telehealth_name, data_source,
        update_frequency, feed_format, cadence_seconds, metric_family, start_event, end_event, statistic_type, origin)
       VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
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
  for (const h of REFERENCE_HOSPITALS) {
    tx.run(
      `INSERT INTO hospitals (id, name, province, city, address, phone, latitude, longitude, source_id, aliases, provenance)
       VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
      [
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
}

export const registryMigration: Migration = {
  version: 2,
  name: "waittimes reference registry",
  up: load,
  down: "DELETE FROM hospitals; DELETE FROM sources;",
};
