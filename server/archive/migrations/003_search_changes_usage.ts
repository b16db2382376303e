/**
 * Search vocabulary, change feed and usage counters (archive.sqlite).
 * - snapshots_terms: fts4aux view of the FTS index's vocabulary, for typo-tolerant search.
 * - snapshot_changes: one row per detected change of a page between two crawls (computed by
 *   `archive compute-changes`); the diffs themselves are recomputed from the WARCs on demand.
 * - usage_daily: aggregate daily counts (searches, snapshot views, replays, exports); nothing
 *   per person, no addresses, no query text.
 */
import type { Migration } from "../../db/types.js";

export const searchChangesUsageMigration: Migration = {
  version: 3,
  name: "search vocabulary, change feed, usage counters",
  up: `
CREATE VIRTUAL TABLE snapshots_terms USING fts4aux(snapshots_fts);

CREATE TABLE snapshot_changes (
  id INTEGER PRIMARY KEY,
  job_id INTEGER NOT NULL REFERENCES archive_jobs(id),
  source_id INTEGER REFERENCES sources(id),
  snapshot_id INTEGER REFERENCES snapshots(id),
  previous_snapshot_id INTEGER REFERENCES snapshots(id),
  normalized_url_group TEXT NOT NULL CHECK (length(normalized_url_group) <= 2000),
  url TEXT NOT NULL CHECK (length(url) <= 2000),
  change_type TEXT NOT NULL CHECK (change_type IN ('new_page', 'updated', 'removed')),
  summary TEXT NOT NULL,
  added_lines INTEGER NOT NULL DEFAULT 0,
  removed_lines INTEGER NOT NULL DEFAULT 0,
  changed_sections TEXT CHECK (changed_sections IS NULL OR json_valid(changed_sections)),
  change_ratio REAL NOT NULL DEFAULT 0,
  high_noise INTEGER NOT NULL DEFAULT 0 CHECK (high_noise IN (0, 1)),
  captured_at TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  UNIQUE (job_id, normalized_url_group)
);
CREATE INDEX snapshot_changes_captured_at ON snapshot_changes(captured_at);
CREATE INDEX snapshot_changes_source_id ON snapshot_changes(source_id);

-- Jobs whose captures have been compared (compute-changes is incremental and idempotent).
CREATE TABLE change_runs (
  job_id INTEGER PRIMARY KEY REFERENCES archive_jobs(id),
  computed_at TEXT NOT NULL,
  change_count INTEGER NOT NULL
);

CREATE TABLE usage_daily (
  day TEXT NOT NULL,
  metric TEXT NOT NULL CHECK (metric IN ('searches', 'snapshot_views', 'replays', 'exports')),
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, metric)
);
`,
  down: `
DROP TABLE usage_daily;
DROP TABLE change_runs;
DROP TABLE snapshot_changes;
DROP TABLE snapshots_terms;
`,
};
