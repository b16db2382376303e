/**
 * Archive schema (spec 001 §2), stored in `<DATA_DIR>/archive.sqlite`.
 * What lives where: sources, annual editions, jobs and snapshot metadata are rows here; the page
 * bodies stay on disk in the job's gzipped WARC files (sql.js holds the whole database in memory),
 * and the full-text index is a contentless FTS4 table (`content=""`): it keeps the inverted index
 * only, so search works without a second copy of every page in memory.
 * String(n) limits are CHECK constraints so an over-long value can never be stored silently; the
 * data-access layer checks them first to give a clear message.
 */
import type { Migration } from "../../db/types.js";

const len = (column: string, n: number) => `CHECK (${column} IS NULL OR length(${column}) <= ${n})`;
const oneOf = (column: string, values: string[]) =>
  `CHECK (${column} IS NULL OR ${column} IN (${values.map((v) => `'${v}'`).join(", ")}))`;

/** What revision 1 let through (`indexed` by mistake; revision 12 narrows it to the five). */
export const REVISION_1_EDITION_STATUSES = [
  "planned",
  "in_progress",
  "search_ready",
  "research_ready",
  "needs_review",
  "indexed",
];
export const ACCEPTANCE_STATES = ["pending", "needs_review", "accepted", "accepted_gap", "excluded"];
export const CLEANUP_STATUSES = ["none", "temp_cleaned"];
export const CAPTURE_FIDELITIES = ["high", "fallback", "unknown"];

const up = `
CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE ${len("code", 50)},
  name TEXT NOT NULL ${len("name", 200)},
  base_url TEXT ${len("base_url", 500)},
  description TEXT,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE annual_editions (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  year INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'planned' ${len("status", 50)} ${oneOf("status", REVISION_1_EDITION_STATUSES)},
  search_ready INTEGER NOT NULL DEFAULT 0 CHECK (search_ready IN (0, 1)),
  research_ready INTEGER NOT NULL DEFAULT 0 CHECK (research_ready IN (0, 1)),
  intended_url_count INTEGER NOT NULL DEFAULT 0,
  captured_url_count INTEGER NOT NULL DEFAULT 0,
  failed_url_count INTEGER NOT NULL DEFAULT 0,
  excluded_url_count INTEGER NOT NULL DEFAULT 0,
  backend_counts TEXT CHECK (backend_counts IS NULL OR json_valid(backend_counts)),
  coverage_summary TEXT CHECK (coverage_summary IS NULL OR json_valid(coverage_summary)),
  target_ledger_path TEXT ${len("target_ledger_path", 500)},
  capture_manifest_path TEXT ${len("capture_manifest_path", 500)},
  coverage_report_json_path TEXT ${len("coverage_report_json_path", 500)},
  coverage_report_md_path TEXT ${len("coverage_report_md_path", 500)},
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (source_id, year)
);
CREATE INDEX annual_editions_status ON annual_editions(status);
CREATE INDEX annual_editions_year ON annual_editions(year);

CREATE TABLE archive_jobs (
  id INTEGER PRIMARY KEY,
  source_id INTEGER REFERENCES sources(id),
  edition_id INTEGER REFERENCES annual_editions(id),
  name TEXT NOT NULL ${len("name", 200)},
  output_dir TEXT NOT NULL ${len("output_dir", 500)},
  shard_key TEXT ${len("shard_key", 200)},
  shard_kind TEXT ${len("shard_kind", 50)},
  acceptance_state TEXT ${len("acceptance_state", 50)} ${oneOf("acceptance_state", ACCEPTANCE_STATES)},
  status TEXT NOT NULL ${len("status", 50)},
  queued_at TEXT,
  started_at TEXT,
  finished_at TEXT,
  retry_count INTEGER NOT NULL DEFAULT 0,
  config TEXT CHECK (config IS NULL OR json_valid(config)),
  crawler_exit_code INTEGER,
  crawler_status TEXT ${len("crawler_status", 50)},
  crawler_stage TEXT ${len("crawler_stage", 50)},
  last_stats_json TEXT CHECK (last_stats_json IS NULL OR json_valid(last_stats_json)),
  pages_crawled INTEGER,
  pages_total INTEGER,
  pages_failed INTEGER,
  warc_file_count INTEGER NOT NULL DEFAULT 0,
  indexed_page_count INTEGER NOT NULL DEFAULT 0,
  final_zim_path TEXT ${len("final_zim_path", 500)},
  combined_log_path TEXT ${len("combined_log_path", 500)},
  state_file_path TEXT ${len("state_file_path", 500)},
  coverage_report_path TEXT ${len("coverage_report_path", 500)},
  cleanup_status TEXT NOT NULL DEFAULT 'none' ${len("cleanup_status", 50)} ${oneOf("cleanup_status", CLEANUP_STATUSES)},
  cleaned_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX archive_jobs_source_id ON archive_jobs(source_id);
CREATE INDEX archive_jobs_edition_id ON archive_jobs(edition_id);
CREATE INDEX archive_jobs_shard_key ON archive_jobs(shard_key);
CREATE INDEX archive_jobs_acceptance_state ON archive_jobs(acceptance_state);
CREATE INDEX archive_jobs_status ON archive_jobs(status);
CREATE INDEX archive_jobs_queued_at ON archive_jobs(queued_at);

CREATE TABLE snapshots (
  id INTEGER PRIMARY KEY,
  job_id INTEGER REFERENCES archive_jobs(id),
  source_id INTEGER REFERENCES sources(id),
  url TEXT NOT NULL ${len("url", 2000)},
  normalized_url_group TEXT ${len("normalized_url_group", 2000)},
  capture_timestamp TEXT NOT NULL,
  mime_type TEXT ${len("mime_type", 100)},
  status_code INTEGER,
  title TEXT ${len("title", 500)},
  snippet TEXT,
  language TEXT ${len("language", 10)},
  capture_backend TEXT ${len("capture_backend", 50)},
  capture_fidelity TEXT ${len("capture_fidelity", 50)} ${oneOf("capture_fidelity", CAPTURE_FIDELITIES)},
  provenance_json TEXT CHECK (provenance_json IS NULL OR json_valid(provenance_json)),
  warc_path TEXT NOT NULL ${len("warc_path", 500)},
  warc_record_id TEXT ${len("warc_record_id", 200)},
  raw_snapshot_path TEXT ${len("raw_snapshot_path", 500)},
  content_hash TEXT ${len("content_hash", 64)},
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- not in the spec's field list: set when an earlier capture of the same URL group has the same body
  is_duplicate INTEGER NOT NULL DEFAULT 0 CHECK (is_duplicate IN (0, 1))
);
CREATE INDEX snapshots_job_id ON snapshots(job_id);
CREATE INDEX snapshots_source_id ON snapshots(source_id);
CREATE INDEX snapshots_url ON snapshots(url);
CREATE INDEX snapshots_normalized_url_group ON snapshots(normalized_url_group);
CREATE INDEX snapshots_capture_timestamp ON snapshots(capture_timestamp);
CREATE INDEX snapshots_status_code ON snapshots(status_code);
CREATE INDEX snapshots_capture_backend ON snapshots(capture_backend);
CREATE INDEX snapshots_capture_fidelity ON snapshots(capture_fidelity);

-- Contentless: docid = snapshots.id; the text itself stays in the WARC.
CREATE VIRTUAL TABLE snapshots_fts USING fts4(content="", title, url, body, tokenize=unicode61 "remove_diacritics=1");
`;

const down = `
DROP TABLE snapshots_fts;
DROP TABLE snapshots;
DROP TABLE archive_jobs;
DROP TABLE annual_editions;
DROP TABLE sources;
`;

export const schemaMigration: Migration = { version: 1, name: "archive schema", up, down };
