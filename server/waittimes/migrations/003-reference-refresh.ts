/**
 * Brings an existing database's hospitals up to date with reference/hospitals.json: revision 2
 * loads the file only into a new database, so one made before the file gained the Quebec, Alberta
 * and BC addresses, postal codes and corrected coordinates kept empty addresses and the old
 * positions. Only the facts of HOSPITAL_COLUMNS that a correction may change are rewritten;
 * measurements, aggregates and per-hospital methodology overrides are not touched. The replaced
 * values are kept in hospital_facts_before_refresh, so `down` puts them back.
 */
import type { Migration, Tx } from "../../db/types.js";
import { REFERENCE_HOSPITALS } from "../registry.js";
import { HOSPITAL_FACT_COLUMNS, hospitalFactValues } from "../registry-rows.js";

const FACTS = HOSPITAL_FACT_COLUMNS.join(", ");

function refresh(tx: Tx) {
  tx.run(`CREATE TABLE hospital_facts_before_refresh (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, address TEXT, phone TEXT, latitude REAL,
  longitude REAL, aliases TEXT NOT NULL, provenance TEXT NOT NULL
)`);
  tx.run(`INSERT INTO hospital_facts_before_refresh (id, ${FACTS}) SELECT id, ${FACTS} FROM hospitals`);
  const set = HOSPITAL_FACT_COLUMNS.map((c) => `${c} = ?`).join(", ");
  for (const h of REFERENCE_HOSPITALS)
    tx.run(`UPDATE hospitals SET ${set} WHERE id = ?`, [...hospitalFactValues(h), h.id]);
}

export const referenceRefreshMigration: Migration = {
  version: 3,
  name: "hospital facts refreshed from the reference registry",
  up: refresh,
  down: `
UPDATE hospitals SET (${FACTS}) = (SELECT ${FACTS} FROM hospital_facts_before_refresh b WHERE b.id = hospitals.id)
  WHERE id IN (SELECT id FROM hospital_facts_before_refresh);
DROP TABLE hospital_facts_before_refresh;
`,
};
