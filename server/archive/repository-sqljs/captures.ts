/**
 * Snapshots on sql.js and their full-text rows (`snapshots_fts`, contentless FTS4, docid =
 * snapshot id), written in the same transaction so an indexed capture is searchable at once.
 */
import type { Reader, Tx } from "../../db/types.js";
import { storedPath } from "../jobs/warc-paths.js";
import { checkLengths } from "../limits.js";
import type { NewRedirect, NewSnapshot, SnapshotCard, SnapshotRow } from "../repository.js";

/** Inserts one snapshot and its FTS row; a duplicate when an earlier capture of the page had the same body. */
export function insertSnapshot(tx: Tx, s: NewSnapshot, now: string, warcRoot?: string): number {
  const { text, ...row } = s;
  checkLengths("snapshots", row);
  const dup =
    s.content_hash && s.normalized_url_group
      ? tx.get(
          "SELECT 1 AS d FROM snapshots WHERE normalized_url_group = ? AND content_hash = ? AND capture_timestamp <= ? LIMIT 1",
          [s.normalized_url_group, s.content_hash, s.capture_timestamp],
        )
      : undefined;
  const { lastInsertRowid: id } = tx.run(
    `INSERT INTO snapshots (job_id, source_id, url, normalized_url_group, capture_timestamp, mime_type, status_code, title, snippet,
       language, capture_backend, capture_fidelity, provenance_json, warc_path, warc_record_id, content_hash, is_duplicate, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.job_id,
      row.source_id,
      row.url,
      row.normalized_url_group,
      row.capture_timestamp,
      row.mime_type,
      row.status_code,
      row.title,
      row.snippet,
      row.language,
      row.capture_backend,
      row.capture_fidelity,
      row.provenance_json,
      warcRoot ? storedPath(warcRoot, row.warc_path) : row.warc_path,
      row.warc_record_id,
      row.content_hash,
      dup ? 1 : 0,
      now,
      now,
    ],
  );
  tx.run("INSERT INTO snapshots_fts (docid, title, url, body) VALUES (?, ?, ?, ?)", [
    id,
    row.title ?? "",
    row.url,
    text,
  ]);
  return id;
}

/** A batch of one job's captures and the job's new page count. */
export function recordCaptures(
  tx: Tx,
  warcRoot: string,
  jobId: number,
  captures: readonly NewSnapshot[],
  now: string,
) {
  const ids = captures.map((c) => insertSnapshot(tx, c, now, warcRoot));
  tx.run(
    "UPDATE archive_jobs SET indexed_page_count = (SELECT COUNT(*) FROM snapshots WHERE job_id = ?), updated_at = ? WHERE id = ?",
    [jobId, now, jobId],
  );
  return ids;
}

export const indexedRecordIds = (db: Reader, jobId: number) =>
  new Set(
    db
      .all<{ r: string }>("SELECT warc_record_id AS r FROM snapshots WHERE job_id = ?", [jobId])
      .map((x) => x.r),
  );

export const countSnapshots = (db: Reader) =>
  db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")?.n ?? 0;

export const countSnapshotsOfJob = (db: Reader, jobId: number) =>
  db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots WHERE job_id = ?", [jobId])?.n ?? 0;

export const maxSnapshotId = (db: Reader) =>
  db.get<{ m: number | null }>("SELECT MAX(id) AS m FROM snapshots")?.m ?? 0;

export const firstSnapshotId = (db: Reader) =>
  db.get<{ id: number }>("SELECT id FROM snapshots ORDER BY id LIMIT 1")?.id;

export const getSnapshot = (db: Reader, id: number) =>
  db.get<SnapshotRow>("SELECT * FROM snapshots WHERE id = ?", [id]);

export const snapshotsOfJob = (db: Reader, jobId: number) =>
  db.all<SnapshotRow>("SELECT * FROM snapshots WHERE job_id = ? ORDER BY id", [jobId]);

export function snapshotNeighbours(
  db: Reader,
  s: Pick<SnapshotRow, "id" | "normalized_url_group" | "capture_timestamp">,
) {
  const g = s.normalized_url_group;
  const t = s.capture_timestamp;
  return (
    db.get<{ prev: number | null; next: number | null }>(
      `SELECT (SELECT id FROM snapshots WHERE normalized_url_group = ? AND (capture_timestamp < ? OR (capture_timestamp = ? AND id < ?)) ORDER BY capture_timestamp DESC, id DESC LIMIT 1) AS prev,
              (SELECT id FROM snapshots WHERE normalized_url_group = ? AND (capture_timestamp > ? OR (capture_timestamp = ? AND id > ?)) ORDER BY capture_timestamp, id LIMIT 1) AS next`,
      [g, t, t, s.id, g, t, t, s.id],
    ) ?? { prev: null, next: null }
  );
}

export function latestCapturePerSource(db: Reader) {
  return db.all<{ job_id: number; url: string; code: string }>(
    `SELECT s.job_id, s.url, so.code FROM snapshots s JOIN sources so ON so.id = s.source_id
      WHERE s.id IN (SELECT MAX(id) FROM snapshots WHERE status_code BETWEEN 200 AND 299 GROUP BY source_id)`,
  );
}

export function recordRedirects(tx: Tx, jobId: number, redirects: readonly NewRedirect[]): void {
  for (const r of redirects)
    tx.run(
      `INSERT OR IGNORE INTO capture_redirects (job_id, url, normalized_url_group, capture_timestamp, status_code, target_url, target_group)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        jobId,
        r.url,
        r.normalized_url_group,
        r.capture_timestamp,
        r.status_code,
        r.target_url,
        r.target_group,
      ],
    );
}

export function snapshotCards(db: Reader, ids: readonly number[]): SnapshotCard[] {
  if (!ids.length) return [];
  return db.all<SnapshotCard>(
    `SELECT s.id, s.title, so.code, so.name, so.name_fr, s.language, s.capture_timestamp AS ts, s.job_id, s.url, s.snippet, s.mime_type
       FROM snapshots s LEFT JOIN sources so ON so.id = s.source_id WHERE s.id IN (${ids.map(() => "?").join(",")})`,
    [...ids],
  );
}

/** Each WARC path the captures hold, with the end of the furthest record they point at in it. */
export function warcExtents(db: Reader, jobIds?: readonly number[]) {
  const where = jobIds ? `WHERE job_id IN (${jobIds.map(() => "?").join(", ") || "NULL"})` : "";
  return db.all<{ warc_path: string; bytes: number }>(
    `SELECT warc_path, MAX(COALESCE(json_extract(provenance_json, '$.warc_offset'), 0)
                         + COALESCE(json_extract(provenance_json, '$.warc_length'), 0)) AS bytes
       FROM snapshots ${where} GROUP BY warc_path ORDER BY warc_path`,
    jobIds ? [...jobIds] : [],
  );
}
