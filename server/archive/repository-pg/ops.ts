/**
 * Metrics figures, offline export reads and scheduled-run claims on PostgreSQL, as
 * ../repository-sqljs/ops.ts. A scheduled run is claimed by inserting its (task, slot) row: the
 * primary key lets exactly one process's insert take effect, whichever commits first.
 */
import { checkLengths } from "../limits.js";
import { slotsKeptFrom } from "../repository/reporting.js";
import type { ArchiveFigures, ExportJob, ExportPage, JobExportHead, OpsRepository } from "../repository.js";
import { jobOut } from "../repository-sqljs/paths.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

/** Jobs an export may include: indexed and not excluded by an operator. */
const USABLE_JOBS = "status = 'indexed' AND COALESCE(acceptance_state, '') != 'excluded'";

async function figures(db: Queryable): Promise<ArchiveFigures> {
  const n = async (sql: string) => (await one<{ n: number }>(db, sql))?.n ?? 0;
  const bySource = (sql: string) => all<{ code: string | null; n: number }>(db, sql);
  const sumBySource = (column: string) =>
    bySource(
      `SELECT so.code, COALESCE(SUM(j.${column}), 0) AS n FROM sources so LEFT JOIN archive_jobs j ON j.source_id = so.id GROUP BY so.id ORDER BY so.id`,
    );
  return {
    jobsByStatus: await all(
      db,
      `SELECT status, COUNT(*) AS n FROM archive_jobs GROUP BY status ORDER BY status COLLATE "C"`,
    ),
    jobsByCleanup: await all(
      db,
      `SELECT cleanup_status AS c, COUNT(*) AS n FROM archive_jobs GROUP BY cleanup_status ORDER BY cleanup_status COLLATE "C"`,
    ),
    snapshots: await n("SELECT COUNT(*) AS n FROM snapshots"),
    snapshotsBySource: await bySource(
      "SELECT so.code, COUNT(s.id) AS n FROM sources so LEFT JOIN snapshots s ON s.source_id = so.id GROUP BY so.id ORDER BY so.id",
    ),
    pagesCrawled: await n("SELECT COALESCE(SUM(pages_crawled), 0) AS n FROM archive_jobs"),
    pagesCrawledBySource: await sumBySource("pages_crawled"),
    pagesFailed: await n("SELECT COALESCE(SUM(pages_failed), 0) AS n FROM archive_jobs"),
    pagesFailedBySource: await sumBySource("pages_failed"),
    running: await all(
      db,
      "SELECT so.code, j.state_file_path, j.config FROM archive_jobs j LEFT JOIN sources so ON so.id = j.source_id WHERE j.status = 'running' ORDER BY j.id",
    ),
    oldestCompletedAt:
      (
        await one<{ t: string | null }>(
          db,
          "SELECT MIN(finished_at) AS t FROM archive_jobs WHERE status = 'completed'",
        )
      )?.t ?? null,
  };
}

export function pgOps(pool: Queryable, write: Write, root: string): OpsRepository {
  return {
    archiveFigures: async () => {
      const f = await figures(pool);
      return { ...f, running: f.running.map((r) => jobOut(root, r)) };
    },
    exportableJobsOfEdition: async (id) =>
      (
        await all<ExportJob>(
          pool,
          `SELECT id, name, output_dir FROM archive_jobs WHERE edition_id = ? AND ${USABLE_JOBS} ORDER BY id`,
          [id],
        )
      ).map((j) => jobOut(root, j)),
    jobExportHead: async (id) =>
      jobOut(
        root,
        await one<JobExportHead>(
          pool,
          `SELECT j.id, j.name, j.output_dir, j.status, j.finished_at, s.code, s.name AS src, s.base_url
             FROM archive_jobs j LEFT JOIN sources s ON s.id = j.source_id WHERE j.id = ?`,
          [id],
        ),
      ),
    exportPages: (jobIds, afterId, limit) =>
      jobIds.length
        ? all<ExportPage>(
            pool,
            `SELECT id, url, capture_timestamp, title, language FROM snapshots
              WHERE job_id = ANY(?) AND status_code BETWEEN 200 AND 299 AND id > ? ORDER BY id LIMIT ?`,
            [[...jobIds], afterId, limit],
          )
        : Promise.resolve([]),
    recordZimPath: async (jobIds, file, now) => {
      checkLengths("archive_jobs", { final_zim_path: file });
      await write((client) =>
        run(client, "UPDATE archive_jobs SET final_zim_path = ?, updated_at = ? WHERE id = ANY(?)", [
          file,
          now,
          [...jobIds],
        ]),
      );
    },
    claimScheduledRun: (task, slot) =>
      write(async (client) => {
        const keptFrom = slotsKeptFrom(slot);
        if (keptFrom)
          await run(client, "DELETE FROM scheduled_runs WHERE task = ? AND slot < ?", [task, keptFrom]);
        const sql = "INSERT INTO scheduled_runs (task, slot) VALUES (?, ?) ON CONFLICT DO NOTHING";
        return (await run(client, sql, [task, slot])) === 1;
      }),
  };
}
