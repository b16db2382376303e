/**
 * The incident flow of document 3 §3: whether users see an incident (a SEV-3's external
 * communication depends on it), and the channel every SEV-1/2 has, given to those the watchdog
 * escalated before escalation created one. Revision 6 is PostgreSQL's own (migrations/pg/006).
 */
import type { Migration, Tx } from "../../db/types.js";

const UP = [
  "ALTER TABLE incidents ADD COLUMN user_facing INTEGER NOT NULL DEFAULT 0",
  "UPDATE incidents SET channel = '#' || lower(id) WHERE channel IS NULL AND severity IN ('SEV-1','SEV-2')",
];
const DOWN = ["ALTER TABLE incidents DROP COLUMN user_facing"];
const runAll = (statements: string[]) => (tx: Tx) => {
  for (const sql of statements) tx.run(sql);
};

export const incidentFlowMigration: Migration = {
  version: 7,
  name: "incident_flow",
  up: runAll(UP),
  down: runAll(DOWN),
};
