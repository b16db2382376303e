/**
 * What several processes on one database share (issue #13):
 * - scheduled_runs: one row per task and schedule slot, inserted by the process that runs it, so a
 *   scheduled task runs once per slot whichever process sees it due first;
 * - archive_jobs.claimed_by: which worker took a job (`claimNextJob`), for operators.
 */
import type { Migration } from "../../db/types.js";

export const sharedClaimsMigration: Migration = {
  version: 7,
  name: "shared claims: scheduled task runs, the worker that took a job",
  up: `
CREATE TABLE scheduled_runs (
  task TEXT NOT NULL CHECK (length(task) <= 100),
  slot TEXT NOT NULL CHECK (length(slot) <= 100),
  PRIMARY KEY (task, slot)
);
ALTER TABLE archive_jobs ADD COLUMN claimed_by TEXT CHECK (claimed_by IS NULL OR length(claimed_by) <= 100);
`,
  down: `
ALTER TABLE archive_jobs DROP COLUMN claimed_by;
DROP TABLE scheduled_runs;
`,
};
