/**
 * Dated methodology changes: an override used to be one value per hospital (the hospital row's
 * columns), so setting it relabelled every reading the hospital ever gave. From this revision the
 * row's columns are the methodology from the hospital's first reading on, and every later change
 * is a row here, in force from `effective_from` (epoch seconds), with who entered it and when.
 * Rows are only added (see methodology-override.ts). `down` drops the history: the row's columns
 * are left as they were.
 */
import type { Migration } from "../../db/types.js";

export const methodologyChangesMigration: Migration = {
  version: 5,
  name: "dated methodology changes per hospital",
  up: `
CREATE TABLE methodology_changes (
  id INTEGER PRIMARY KEY, hid INTEGER NOT NULL REFERENCES hospitals(hid), effective_from INTEGER NOT NULL,
  metric_family TEXT, start_event TEXT, end_event TEXT, statistic_type TEXT,
  entered_at INTEGER NOT NULL, entered_by TEXT NOT NULL
);
CREATE INDEX methodology_changes_hid ON methodology_changes(hid, effective_from);
`,
  down: `DROP TABLE methodology_changes;`,
};
