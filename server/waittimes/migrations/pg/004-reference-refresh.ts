/**
 * The sql.js revision 3 (../003-reference-refresh.ts explains it) on PostgreSQL, numbered 4 because
 * 3 is PostgreSQL's task slots: an existing database's hospitals get the reference file's facts,
 * the replaced values kept for `down`; measurements and overrides are not touched.
 */
import type pg from "pg";
import type { PgMigration } from "../../../db/pg/migrations.js";
import { REFERENCE_HOSPITALS } from "../../registry.js";
import { HOSPITAL_FACT_COLUMNS, hospitalFactValues } from "../../registry-rows.js";

const FACTS = HOSPITAL_FACT_COLUMNS.join(", ");

async function refresh(client: pg.PoolClient): Promise<void> {
  await client.query(`CREATE TABLE hospital_facts_before_refresh (
  id text PRIMARY KEY, name text NOT NULL, city text NOT NULL, address text, phone text,
  latitude double precision, longitude double precision, aliases text NOT NULL, provenance text NOT NULL
)`);
  await client.query(
    `INSERT INTO hospital_facts_before_refresh (id, ${FACTS}) SELECT id, ${FACTS} FROM hospitals`,
  );
  const set = HOSPITAL_FACT_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(", ");
  const key = `$${HOSPITAL_FACT_COLUMNS.length + 1}`;
  for (const h of REFERENCE_HOSPITALS)
    await client.query(`UPDATE hospitals SET ${set} WHERE id = ${key}`, [...hospitalFactValues(h), h.id]);
}

export const pgReferenceRefreshMigration: PgMigration = {
  version: 4,
  name: "hospital facts refreshed from the reference registry",
  up: refresh,
  down: `
UPDATE hospitals SET (${FACTS}) = (SELECT ${FACTS} FROM hospital_facts_before_refresh b WHERE b.id = hospitals.id)
  WHERE id IN (SELECT id FROM hospital_facts_before_refresh);
DROP TABLE hospital_facts_before_refresh;
`,
};
