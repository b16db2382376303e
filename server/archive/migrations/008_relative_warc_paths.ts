/**
 * Job folders and WARC paths relative to the WARC root (issue #13), so machines that mount the
 * shared folder at different places read the same rows. A crawl has always written to
 * `<root>/jobs/<id>/` with `<root>` = `<DATA_DIR>/archive`; each job found there has its paths
 * (and its snapshots' WARC paths) rewritten relative to that root, and the root is kept in
 * `warc_path_roots` so `down` restores the exact absolute paths. Other rows stay as they are
 * and keep working (an absolute path is read as it is).
 */
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
    const tail = `/jobs/${job.id}`;
    if (!job.output_dir.endsWith(tail)) continue;
    const root = job.output_dir.slice(0, -tail.length);
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
