/**
 * A change number per service row: every write of a service (or its tombstone) takes the next
 * number, in commit order. Syncing clients ask for the changes after the last number they hold
 * (`changed_after`), which is exact where a time is not: a whole seed or import shares one
 * `updated_at`, and two writes may share a millisecond. Existing rows are numbered in the order of
 * their last change.
 */
import type { Migration, Tx } from "../../db/types.js";

const UP = [
  "ALTER TABLE services ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0",
  `UPDATE services SET change_seq = numbered.n
   FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY updated_at, id) AS n FROM services) AS numbered
   WHERE numbered.id = services.id`,
  "CREATE INDEX services_change_seq ON services(change_seq)",
];
const DOWN = ["DROP INDEX services_change_seq", "ALTER TABLE services DROP COLUMN change_seq"];
const runAll = (statements: string[]) => (tx: Tx) => {
  for (const sql of statements) tx.run(sql);
};

export const changeSeqMigration: Migration = {
  version: 5,
  name: "change_seq",
  up: runAll(UP),
  down: runAll(DOWN),
};
