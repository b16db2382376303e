/** Metrics figures, offline export reads and scheduled-run claims on sql.js. */
import type { Reader, Tx } from "../../db/types.js";
import { checkLengths } from "../limits.js";
import { slotsKeptFrom } from "../repository/reporting.js";
import type { ArchiveFigures, ExportJob, ExportPage, JobExportHead, JobRow } from "../repository.js";

const bySource = (db: Reader, sql: string) => db.all<{ code: string | null; n: number }>(sql);
const sum = (db: Reader, column: string) =>
  db.get<{ n: number }>(`SELECT COALESCE(SUM(${column}), 0) AS n FROM archive_jobs`)?.n ?? 0;
const sumBySource = (db: Reader, column: string) =>
  bySource(
    db,
    `SELECT so.code, COALESCE(SUM(j.${column}), 0) AS n FROM sources so LEFT JOIN archive_jobs j ON j.source_id = so.id GROUP BY so.id`,
  );

export function archiveFigures(db: Reader): ArchiveFigures {
  return {
    jobsByStatus: db.all("SELECT status, COUNT(*) AS n FROM archive_jobs GROUP BY status"),
    jobsByCleanup: db.all(
      "SELECT cleanup_status AS c, COUNT(*) AS n FROM archive_jobs GROUP BY cleanup_status",
    ),
    snapshots: db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")?.n ?? 0,
    snapshotsBySource: bySource(
      db,
      "SELECT so.code, COUNT(s.id) AS n FROM sources so LEFT JOIN snapshots s ON s.source_id = so.id GROUP BY so.id",
    ),
    pagesCrawled: sum(db, "pages_crawled"),
    pagesCrawledBySource: sumBySource(db, "pages_crawled"),
    pagesFailed: sum(db, "pages_failed"),
    pagesFailedBySource: sumBySource(db, "pages_failed"),
    running: db.all(
      "SELECT so.code, j.state_file_path, j.config FROM archive_jobs j LEFT JOIN sources so ON so.id = j.source_id WHERE j.status = 'running'",
    ),
    oldestCompletedAt:
      db.get<{ t: string | null }>(
        "SELECT MIN(finished_at) AS t FROM archive_jobs WHERE status = 'completed'",
      )?.t ?? null,
  };
}

/** Jobs an export may include: indexed and not excluded by an operator. */
const USABLE_JOBS = "status = 'indexed' AND COALESCE(acceptance_state, '') != 'excluded'";

export const exportableJobsOfEdition = (db: Reader, editionId: number) =>
  db.all<ExportJob>(
    `SELECT id, name, output_dir FROM archive_jobs WHERE edition_id = ? AND ${USABLE_JOBS} ORDER BY id`,
    [editionId],
  );

export const jobExportHead = (db: Reader, jobId: number) =>
  db.get<JobExportHead>(
    `SELECT j.id, j.name, j.output_dir, j.status, j.finished_at, s.code, s.name AS src, s.base_url
       FROM archive_jobs j LEFT JOIN sources s ON s.id = j.source_id WHERE j.id = ?`,
    [jobId],
  );

export function exportPages(
  db: Reader,
  jobIds: readonly number[],
  afterId: number,
  limit: number,
): ExportPage[] {
  if (!jobIds.length) return [];
  return db.all<ExportPage>(
    `SELECT id, url, capture_timestamp, title, language FROM snapshots
      WHERE job_id IN (${jobIds.map(() => "?").join(", ")}) AND status_code BETWEEN 200 AND 299 AND id > ? ORDER BY id LIMIT ?`,
    [...jobIds, afterId, limit],
  );
}

export function recordZimPath(tx: Tx, jobIds: readonly number[], file: string, now: string) {
  checkLengths("archive_jobs", { final_zim_path: file });
  for (const id of jobIds)
    tx.run("UPDATE archive_jobs SET final_zim_path = ?, updated_at = ? WHERE id = ?", [file, now, id]);
}

export function markJobCleaned(tx: Tx, id: number, now: string) {
  tx.run(
    "UPDATE archive_jobs SET cleanup_status = 'temp_cleaned', cleaned_at = ?, updated_at = ? WHERE id = ?",
    [now, now, id],
  );
}

export function indexedJobCounts(db: Reader) {
  return db.all<{ code: string; shard_key: string | null; n: number }>(
    `SELECT s.code, j.shard_key, j.indexed_page_count AS n FROM archive_jobs j JOIN sources s ON s.id = j.source_id
      WHERE j.status = 'indexed' ORDER BY j.finished_at DESC, j.id DESC`,
  );
}

export function jobsOfSourceNamed(db: Reader, code: string, names: readonly string[]): JobRow[] {
  if (!names.length) return [];
  return db.all<JobRow>(
    `SELECT j.* FROM archive_jobs j JOIN sources s ON s.id = j.source_id WHERE s.code = ? AND j.name IN (${names.map(() => "?").join(", ")}) ORDER BY j.id`,
    [code, ...names],
  );
}

/** The slot's row is unique per task, so of several processes only one insert takes effect. */
export function claimScheduledRun(tx: Tx, task: string, slot: string) {
  const keptFrom = slotsKeptFrom(slot);
  if (keptFrom) tx.run("DELETE FROM scheduled_runs WHERE task = ? AND slot < ?", [task, keptFrom]);
  return (
    tx.run("INSERT OR IGNORE INTO scheduled_runs (task, slot) VALUES (?, ?)", [task, slot]).changes === 1
  );
}
