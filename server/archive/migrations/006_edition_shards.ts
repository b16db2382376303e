/**
 * Annual editions built from shards (issue #16 §1):
 * - archive_jobs.acceptance_reason: why the shard is in its acceptance state (rule or operator).
 * - archive_jobs.superseded_by: a re-queued shard gets a new job; the old one points to it and
 *   keeps its captures (they still count for the edition).
 * - shard_decisions: every operator accept, re-queue and exclude, with who, when and why.
 * - annual_campaigns: one row per year, claimed in one transaction by the process that runs the
 *   yearly campaign, so a restart or a second process never runs it again.
 */
import type { Migration } from "../../db/types.js";

export const SHARD_ACTIONS = ["accept", "requeue", "exclude"] as const;

export const editionShardsMigration: Migration = {
  version: 6,
  name: "edition shards: acceptance reasons, operator decisions, yearly campaign claims",
  up: `
ALTER TABLE archive_jobs ADD COLUMN acceptance_reason TEXT CHECK (acceptance_reason IS NULL OR length(acceptance_reason) <= 1000);
ALTER TABLE archive_jobs ADD COLUMN superseded_by INTEGER REFERENCES archive_jobs(id);

CREATE TABLE shard_decisions (
  id INTEGER PRIMARY KEY,
  edition_id INTEGER NOT NULL REFERENCES annual_editions(id),
  job_id INTEGER NOT NULL REFERENCES archive_jobs(id),
  shard_key TEXT NOT NULL CHECK (length(shard_key) <= 200),
  action TEXT NOT NULL CHECK (action IN (${SHARD_ACTIONS.map((a) => `'${a}'`).join(", ")})),
  from_state TEXT CHECK (from_state IS NULL OR length(from_state) <= 50),
  to_state TEXT NOT NULL CHECK (length(to_state) <= 50),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  decided_by TEXT NOT NULL CHECK (length(decided_by) BETWEEN 1 AND 100),
  decided_at TEXT NOT NULL
);
CREATE INDEX shard_decisions_edition_id ON shard_decisions(edition_id);
CREATE INDEX shard_decisions_job_id ON shard_decisions(job_id);

CREATE TABLE annual_campaigns (
  year INTEGER PRIMARY KEY,
  claimed_at TEXT NOT NULL,
  claimed_by TEXT NOT NULL CHECK (length(claimed_by) <= 200),
  finished_at TEXT,
  summary TEXT
);
`,
  down: `
DROP TABLE annual_campaigns;
DROP TABLE shard_decisions;
ALTER TABLE archive_jobs DROP COLUMN superseded_by;
ALTER TABLE archive_jobs DROP COLUMN acceptance_reason;
`,
};
