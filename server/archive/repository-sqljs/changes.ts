/** The change feed on sql.js: its reads, what the computation compares, and its writes. */
import { captureRange } from "../../../shared/archive/query-rules.js";
import type { Reader, Tx } from "../../db/types.js";
import { CHANGE_INSERT, changeValues } from "../repository/shared-rows.js";
import type { ChangeFilters, ChangeRow, NewChange, SnapshotRow } from "../repository.js";

/** A capture that answered 2xx. */
const OK = "status_code BETWEEN 200 AND 299";

function whereClause(f: ChangeFilters): { sql: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.source) {
    where.push("c.source_id = (SELECT id FROM sources WHERE code = ?)");
    args.push(f.source);
  }
  const { fromAt, toAt } = captureRange(f);
  if (fromAt) {
    where.push("c.captured_at >= ?");
    args.push(fromAt);
  }
  if (toAt) {
    where.push("c.captured_at <= ?");
    args.push(toAt);
  }
  if (f.type) {
    where.push("c.change_type = ?");
    args.push(f.type);
  }
  if (f.significance) {
    where.push(`c.significance IN (${f.significance.map(() => "?").join(", ")})`);
    args.push(...f.significance);
  } else if (!f.includeNoise) where.push("c.high_noise = 0");
  if (f.groups) {
    // An empty list (a search that found no page) keeps nothing.
    where.push(
      f.groups.length ? `c.normalized_url_group IN (${f.groups.map(() => "?").join(", ")})` : "0 = 1",
    );
    args.push(...f.groups);
  }
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

export function listChanges(db: Reader, f: ChangeFilters): { rows: ChangeRow[]; total: number } {
  const w = whereClause(f);
  const total =
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM snapshot_changes c ${w.sql}`, w.args)?.n ?? 0;
  const rows = db.all<ChangeRow>(
    `SELECT c.id, c.change_type, c.url, c.job_id, c.captured_at, c.added_lines, c.removed_lines,
            c.changed_sections, c.change_ratio, c.high_noise, c.significance, c.significance_facts,
            c.computed_at, c.snapshot_id, c.previous_snapshot_id,
            so.code AS source_code, s.title AS title, s.language AS page_language
       FROM snapshot_changes c LEFT JOIN sources so ON so.id = c.source_id
       LEFT JOIN snapshots s ON s.id = COALESCE(c.snapshot_id, c.previous_snapshot_id) ${w.sql}
      ORDER BY c.captured_at DESC, c.id DESC LIMIT ? OFFSET ?`,
    [...w.args, f.pageSize, (f.page - 1) * f.pageSize],
  );
  return { rows, total };
}

export const jobsAwaitingChanges = (db: Reader) =>
  db.all<{ id: number; source_id: number | null; finished_at: string | null }>(
    "SELECT id, source_id, finished_at FROM archive_jobs WHERE status = 'indexed' AND id NOT IN (SELECT job_id FROM change_runs) ORDER BY finished_at, id",
  );

export const okSnapshotsOfJob = (db: Reader, jobId: number) =>
  db.all<SnapshotRow>(`SELECT * FROM snapshots WHERE job_id = ? AND ${OK} ORDER BY capture_timestamp, id`, [
    jobId,
  ]);

export const previousJobOf = (db: Reader, sourceId: number | null, jobId: number, before: string) =>
  db.get<{ job_id: number }>(
    "SELECT job_id FROM snapshots WHERE source_id IS ? AND job_id != ? AND capture_timestamp < ? GROUP BY job_id ORDER BY MAX(capture_timestamp) DESC LIMIT 1",
    [sourceId, jobId, before],
  )?.job_id;

export const previousCapture = (
  db: Reader,
  group: string,
  sourceId: number | null,
  jobId: number,
  before: string,
) =>
  db.get<SnapshotRow>(
    `SELECT * FROM snapshots WHERE normalized_url_group = ? AND source_id IS ? AND job_id != ? AND capture_timestamp < ? AND ${OK} ORDER BY capture_timestamp DESC, id DESC LIMIT 1`,
    [group, sourceId, jobId, before],
  );

export const pagesGoneSince = (db: Reader, previousJobId: number, jobId: number) =>
  db.all<SnapshotRow>(
    `SELECT * FROM snapshots WHERE job_id = ? AND ${OK} AND COALESCE(normalized_url_group, url) NOT IN (SELECT COALESCE(normalized_url_group, url) FROM snapshots WHERE job_id = ? AND ${OK}) GROUP BY COALESCE(normalized_url_group, url)`,
    [previousJobId, jobId],
  );

export function recordChanges(tx: Tx, jobId: number, changes: readonly NewChange[], now: string) {
  for (const r of changes) {
    tx.run(`INSERT OR IGNORE INTO ${CHANGE_INSERT}`, changeValues(r, now));
  }
  tx.run("INSERT OR IGNORE INTO change_runs (job_id, computed_at, change_count) VALUES (?, ?, ?)", [
    jobId,
    now,
    changes.length,
  ]);
}
