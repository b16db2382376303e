/**
 * Revisions 7 and 8 on PostgreSQL, as ../007_shared_claims.ts and ../008_relative_warc_paths.ts:
 * one row per scheduled task and slot (the process whose insert takes effect runs it) and the
 * worker that took a job; then job folders and WARC paths relative to the WARC root, the root of
 * each rewritten job kept so `down` restores the exact absolute paths.
 */
import type pg from "pg";
import type { PgMigration } from "../../../db/pg/migrations.js";

export const pgSharedClaims: PgMigration = {
  version: 7,
  name: "shared claims: scheduled task runs, the worker that took a job",
  up: `
CREATE TABLE scheduled_runs (
  task text NOT NULL CHECK (length(task) <= 100), slot text NOT NULL CHECK (length(slot) <= 100),
  PRIMARY KEY (task, slot)
);
ALTER TABLE archive_jobs ADD COLUMN claimed_by text CHECK (claimed_by IS NULL OR length(claimed_by) <= 100);
`,
  down: "ALTER TABLE archive_jobs DROP COLUMN claimed_by; DROP TABLE scheduled_runs;",
};

const JOB_COLUMNS = ["output_dir", "state_file_path", "combined_log_path"];

async function toRelative(client: pg.PoolClient) {
  await client.query(
    "CREATE TABLE warc_path_roots (job_id bigint PRIMARY KEY REFERENCES archive_jobs(id), root text NOT NULL)",
  );
  // A crawl wrote to <root>/jobs/<id>; the root is what precedes that tail.
  await client.query(`INSERT INTO warc_path_roots (job_id, root)
    SELECT id, left(output_dir, length(output_dir) - length('/jobs/' || id)) FROM archive_jobs
     WHERE output_dir LIKE '/%' AND right(output_dir, length('/jobs/' || id)) = '/jobs/' || id`);
  const cut = (col: string) =>
    `${col} = substr(${col}, length(r.root) + 2) FROM warc_path_roots r WHERE r.job_id = %ID% AND left(${col}, length(r.root) + 1) = r.root || '/'`;
  for (const col of JOB_COLUMNS)
    await client.query(`UPDATE archive_jobs SET ${cut(col).replace("%ID%", "archive_jobs.id")}`);
  await client.query(`UPDATE snapshots SET ${cut("warc_path").replace("%ID%", "snapshots.job_id")}`);
}

async function toAbsolute(client: pg.PoolClient) {
  for (const col of JOB_COLUMNS)
    await client.query(`UPDATE archive_jobs SET ${col} = r.root || '/' || ${col} FROM warc_path_roots r
      WHERE r.job_id = archive_jobs.id AND ${col} NOT LIKE '/%' AND ${col} != ''`);
  await client.query(`UPDATE snapshots SET warc_path = r.root || '/' || warc_path FROM warc_path_roots r
    WHERE r.job_id = snapshots.job_id AND warc_path NOT LIKE '/%'`);
  await client.query("DROP TABLE warc_path_roots");
}

export const pgRelativeWarcPaths: PgMigration = {
  version: 8,
  name: "job folders and WARC paths relative to the WARC root",
  up: toRelative,
  down: toAbsolute,
};
