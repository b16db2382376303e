/**
 * Job folders and WARC paths relative to the WARC root (issue #13), so machines that mount the
 * shared folder at different places read the same rows. Crawls and imports have always written to
 * `<DATA_DIR>/archive/jobs/<folder>/`, the default root; each job found there has its paths (and
 * its snapshots' WARC paths) rewritten relative to that root, which is kept in `warc_path_roots`
 * so `down` restores the exact absolute paths. Other rows stay absolute and keep working. A
 * deployment that sets ARCHIVE_WARC_DIR elsewhere moves `<DATA_DIR>/archive/jobs` there.
 */
import path from "node:path";
import type { Migration, Tx } from "../../db/types.js";

const JOB_COLUMNS = ["output_dir", "state_file_path", "combined_log_path"] as const;

function toRelative(tx: Tx) {
  tx.run(
    "CREATE TABLE warc_path_roots (job_id INTEGER PRIMARY KEY REFERENCES archive_jobs(id), root TEXT NOT NULL)",
  );
  const jobs = tx.all<{ id: number; output_dir: string }>(
    "SELECT id, output_dir FROM archive_jobs WHERE output_dir LIKE '/%'",
  );
  for (const job of jobs) {
    // Only the default root's shape, `<DATA_DIR>/archive/jobs/<folder>`: other places stay absolute.
    const jobsDir = path.posix.dirname(job.output_dir);
    const root = path.posix.dirname(jobsDir);
    if (path.posix.basename(jobsDir) !== "jobs" || path.posix.basename(root) !== "archive") continue;
    const cut = root.length + 2; // 1-based substr start after "<root>/"
    tx.run("INSERT INTO warc_path_roots (job_id, root) VALUES (?, ?)", [job.id, root]);
    for (const col of JOB_COLUMNS)
      tx.run(`UPDATE archive_jobs SET ${col} = substr(${col}, ?) WHERE id = ? AND substr(${col}, 1, ?) = ?`, [
        cut,
        job.id,
        cut - 1,
        `${root}/`,
      ]);
    tx.run(
      "UPDATE snapshots SET warc_path = substr(warc_path, ?) WHERE job_id = ? AND substr(warc_path, 1, ?) = ?",
      [cut, job.id, cut - 1, `${root}/`],
    );
  }
}

function toAbsolute(tx: Tx) {
  for (const r of tx.all<{ job_id: number; root: string }>("SELECT job_id, root FROM warc_path_roots")) {
    for (const col of JOB_COLUMNS)
      tx.run(
        `UPDATE archive_jobs SET ${col} = ? || '/' || ${col} WHERE id = ? AND ${col} NOT LIKE '/%' AND ${col} != ''`,
        [r.root, r.job_id],
      );
    tx.run(
      "UPDATE snapshots SET warc_path = ? || '/' || warc_path WHERE job_id = ? AND warc_path NOT LIKE '/%'",
      [r.root, r.job_id],
    );
  }
  tx.run("DROP TABLE warc_path_roots");
}

export const relativeWarcPathsMigration: Migration = {
  version: 8,
  name: "job folders and WARC paths relative to the WARC root",
  up: toRelative,
  down: toAbsolute,
};
