/**
 * Loads the reference registry (server/waittimes/reference/*.json) into sources and hospitals.
 * Deterministic: the same files always produce the same rows, so replaying it is safe.
 */
import type { Migration, Tx } from "../../db/types.js";
import { REFERENCE_HOSPITALS, REFERENCE_SOURCES, SOURCES_ORIGIN } from "../registry.js";
import { HOSPITAL_COLUMNS, hospitalValues, SOURCE_COLUMNS, sourceValues } from "../registry-rows.js";

function load(tx: Tx) {
  for (const s of REFERENCE_SOURCES)
    tx.run(
      `INSERT INTO sources (${SOURCE_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      sourceValues(s, SOURCES_ORIGIN),
    );
  for (const h of REFERENCE_HOSPITALS)
    tx.run(`INSERT INTO hospitals (${HOSPITAL_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)`, hospitalValues(h));
}

export const registryMigration: Migration = {
  version: 2,
  name: "waittimes reference registry",
  up: load,
  down: "DELETE FROM hospitals; DELETE FROM sources;",
};
