/**
 * The wait-time module's tables, all in `<DATA_DIR>/waittimes.sqlite`:
 * - sources, hospitals: the registry (facts from the provincial publishers, methodology per source,
 *   optional per-hospital override columns).
 * - measurements: every accepted observation, clustered by (hospital, metric, time) so one
 *   hospital's series is a range scan; duplicates that arrive again go to measurement_duplicates.
 * - aggregates: hourly/daily/weekly/monthly n/sum/min/max per hospital and metric, updated in the
 *   same transaction as the measurements, so trends and benchmarks never scan raw rows.
 * - latest: the newest value per hospital and metric.
 * - occupancy_observations: Quebec stretcher counts behind each occupancy percentage.
 * - ingest_runs, ingest_row_errors: every import, poll and demo load with its outcome.
 * - meta: demo flag and generation parameters.
 */
import type { Migration } from "../../db/types.js";

export const schemaMigration: Migration = {
  version: 1,
  name: "waittimes schema",
  up: `
CREATE TABLE sources (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, province TEXT NOT NULL, url TEXT, methodology_url TEXT,
  telehealth_number TEXT, telehealth_name TEXT, data_source TEXT, update_frequency TEXT,
  feed_format TEXT NOT NULL, cadence_seconds INTEGER NOT NULL,
  metric_family TEXT NOT NULL, start_event TEXT NOT NULL, end_event TEXT NOT NULL, statistic_type TEXT NOT NULL,
  origin TEXT NOT NULL
);
CREATE TABLE hospitals (
  hid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, province TEXT NOT NULL, city TEXT NOT NULL,
  address TEXT, phone TEXT, latitude REAL, longitude REAL, source_id TEXT NOT NULL REFERENCES sources(id),
  aliases TEXT NOT NULL DEFAULT '[]', provenance TEXT NOT NULL,
  metric_family TEXT, start_event TEXT, end_event TEXT, statistic_type TEXT
);
CREATE INDEX hospitals_province ON hospitals(province, name);
CREATE TABLE measurements (
  hid INTEGER NOT NULL, metric_family TEXT NOT NULL, observed_at INTEGER NOT NULL, value REAL NOT NULL,
  unit TEXT NOT NULL, received_at INTEGER NOT NULL, run_id INTEGER,
  PRIMARY KEY (hid, metric_family, observed_at)
) WITHOUT ROWID;
CREATE TABLE measurement_duplicates (
  hid INTEGER NOT NULL, metric_family TEXT NOT NULL, observed_at INTEGER NOT NULL, value REAL NOT NULL,
  received_at INTEGER NOT NULL, run_id INTEGER
);
CREATE INDEX measurement_duplicates_hid ON measurement_duplicates(hid, observed_at);
CREATE TABLE aggregates (
  hid INTEGER NOT NULL, metric_family TEXT NOT NULL, grain TEXT NOT NULL, bucket INTEGER NOT NULL,
  n INTEGER NOT NULL, sum REAL NOT NULL, min REAL NOT NULL, max REAL NOT NULL,
  PRIMARY KEY (hid, metric_family, grain, bucket)
) WITHOUT ROWID;
CREATE TABLE latest (
  hid INTEGER NOT NULL, metric_family TEXT NOT NULL, observed_at INTEGER NOT NULL, value REAL NOT NULL,
  PRIMARY KEY (hid, metric_family)
) WITHOUT ROWID;
CREATE TABLE occupancy_observations (
  hid INTEGER NOT NULL, observed_at INTEGER NOT NULL, occupancy_pct REAL NOT NULL,
  stretchers_total INTEGER NOT NULL, stretchers_occupied INTEGER NOT NULL, patients_waiting INTEGER,
  run_id INTEGER, PRIMARY KEY (hid, observed_at)
) WITHOUT ROWID;
CREATE TABLE ingest_runs (
  id INTEGER PRIMARY KEY, source_id TEXT NOT NULL, kind TEXT NOT NULL, file_name TEXT, file_sha256 TEXT,
  started_at INTEGER NOT NULL, finished_at INTEGER NOT NULL, outcome TEXT NOT NULL, error_category TEXT,
  error_message TEXT, rows_accepted INTEGER NOT NULL DEFAULT 0, rows_rejected INTEGER NOT NULL DEFAULT 0,
  rows_duplicate INTEGER NOT NULL DEFAULT 0, occupancy_rows INTEGER NOT NULL DEFAULT 0, demo INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ingest_runs_source ON ingest_runs(source_id, started_at);
CREATE INDEX ingest_runs_sha ON ingest_runs(source_id, file_sha256);
CREATE TABLE ingest_row_errors (run_id INTEGER NOT NULL, line INTEGER NOT NULL, reason TEXT NOT NULL);
CREATE INDEX ingest_row_errors_run ON ingest_row_errors(run_id);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`,
  down: `
DROP TABLE meta; DROP TABLE ingest_row_errors; DROP TABLE ingest_runs; DROP TABLE occupancy_observations;
DROP TABLE latest; DROP TABLE aggregates; DROP TABLE measurement_duplicates; DROP TABLE measurements;
DROP TABLE hospitals; DROP TABLE sources;
`,
};
