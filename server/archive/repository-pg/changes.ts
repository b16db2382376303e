/** The change feed on PostgreSQL, as ../repository-sqljs/changes.ts. */
import { captureRange } from "../../../shared/archive/query-rules.js";
import { CHANGE_INSERT, changeValues } from "../repository/shared-rows.js";
import type { ChangeFilters, ChangeRow, ChangesRepository, SnapshotRow } from "../repository.js";
import { snapshotOut } from "../repository-sqljs/paths.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

/** A capture that answered 2xx. */
const OK = "status_code BETWEEN 200 AND 299";

function whereClause(f: ChangeFilters): { sql: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const add = (sql: string, value?: string | number) => {
    where.push(sql);
    if (value !== undefined) args.push(value);
  };
  if (f.source) add("c.source_id = (SELECT id FROM sources WHERE code = ?)", f.source);
  const { fromAt, toAt } = captureRange(f);
  if (fromAt) add("c.captured_at >= ?", fromAt);
  if (toAt) add("c.captured_at <= ?", toAt);
  if (f.type) add("c.change_type = ?", f.type);
  if (f.significance) {
    where.push(`c.significance IN (${f.significance.map(() => "?").join(", ")})`);
    args.push(...f.significance);
  } else if (!f.includeNoise) add("c.high_noise = 0");
  if (f.groups) {
    // An empty list (a search that found no page) keeps nothing.
    where.push(
      f.groups.length ? `c.normalized_url_group IN (${f.groups.map(() => "?").join(", ")})` : "1 = 0",
    );
    args.push(...f.groups);
  }
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

export function pgChanges(pool: Queryable, write: Write, root: string): ChangesRepository {
  const snapshots = async (sql: string, args: unknown[]) =>
    (await all<SnapshotRow>(pool, sql, args)).map((s) => snapshotOut(root, s));
  return {
    listChanges: async (f) => {
      const w = whereClause(f);
      const total =
        (await one<{ n: number }>(pool, `SELECT COUNT(*) AS n FROM snapshot_changes c ${w.sql}`, w.args))
          ?.n ?? 0;
      const rows = await all<ChangeRow>(
        pool,
        `SELECT c.id, c.change_type, c.url, c.job_id, c.captured_at, c.added_lines, c.removed_lines,
                c.changed_sections, c.change_ratio, c.high_noise, c.significance, c.significance_facts,
            c.computed_at, c.snapshot_id, c.previous_snapshot_id,
                so.code AS source_code, s.title AS title, s.language AS page_language
           FROM snapshot_changes c LEFT JOIN sources so ON so.id = c.source_id
           LEFT JOIN snapshots s ON s.id = COALESCE(c.snapshot_id, c.previous_snapshot_id) ${w.sql}
          ORDER BY c.captured_at COLLATE "C" DESC, c.id DESC LIMIT ? OFFSET ?`,
        [...w.args, f.pageSize, (f.page - 1) * f.pageSize],
      );
      return { rows, total };
    },
    jobsAwaitingChanges: () =>
      all(
        pool,
        `SELECT id, source_id, finished_at FROM archive_jobs WHERE status = 'indexed'
           AND id NOT IN (SELECT job_id FROM change_runs) ORDER BY finished_at COLLATE "C" NULLS FIRST, id`,
      ),
    okSnapshotsOfJob: (jobId) =>
      snapshots(
        `SELECT * FROM snapshots WHERE job_id = ? AND ${OK} ORDER BY capture_timestamp COLLATE "C", id`,
        [jobId],
      ),
    previousJobOf: async (sourceId, jobId, before) =>
      (
        await one<{ job_id: number }>(
          pool,
          `SELECT job_id FROM snapshots WHERE source_id IS NOT DISTINCT FROM ? AND job_id != ? AND capture_timestamp < ?
            GROUP BY job_id ORDER BY MAX(capture_timestamp) COLLATE "C" DESC LIMIT 1`,
          [sourceId, jobId, before],
        )
      )?.job_id,
    previousCapture: async (group, sourceId, jobId, before) =>
      snapshotOut(
        root,
        await one<SnapshotRow>(
          pool,
          `SELECT * FROM snapshots WHERE normalized_url_group = ? AND source_id IS NOT DISTINCT FROM ? AND job_id != ?
              AND capture_timestamp < ? AND ${OK} ORDER BY capture_timestamp COLLATE "C" DESC, id DESC LIMIT 1`,
          [group, sourceId, jobId, before],
        ),
      ),
    // One capture per page (its first by id), pages in key order, as SQLite's GROUP BY gives them.
    pagesGoneSince: (previousJobId, jobId) =>
      snapshots(
        `SELECT DISTINCT ON (COALESCE(normalized_url_group, url) COLLATE "C") * FROM snapshots WHERE job_id = ? AND ${OK}
            AND COALESCE(normalized_url_group, url) NOT IN (SELECT COALESCE(normalized_url_group, url) FROM snapshots WHERE job_id = ? AND ${OK})
          ORDER BY COALESCE(normalized_url_group, url) COLLATE "C", id`,
        [previousJobId, jobId],
      ),
    recordChanges: async (jobId, changes, now) => {
      await write(async (client) => {
        for (const r of changes)
          await run(client, `INSERT INTO ${CHANGE_INSERT} ON CONFLICT DO NOTHING`, changeValues(r, now));
        await run(
          client,
          "INSERT INTO change_runs (job_id, computed_at, change_count) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
          [jobId, now, changes.length],
        );
      });
    },
  };
}
