/**
 * Snapshots (table `snapshots` in archive.sqlite) and their full-text rows (`snapshots_fts`,
 * contentless FTS4, docid = snapshot id). A snapshot and its FTS row are written in the same
 * transaction, so an indexed capture is searchable at once. The page text itself is not stored:
 * it is tokenised into the FTS index and read back from the WARC when needed.
 */
import type { Reader, Tx } from "../db/types.js";
import { checkLengths } from "./limits.js";

export interface NewSnapshot {
  job_id: number;
  source_id: number | null;
  url: string;
  normalized_url_group: string | null;
  capture_timestamp: string;
  mime_type: string | null;
  status_code: number | null;
  title: string | null;
  snippet: string | null;
  language: string | null;
  capture_backend: string;
  capture_fidelity: "high" | "fallback" | "unknown";
  provenance_json: string;
  warc_path: string;
  warc_record_id: string | null;
  content_hash: string | null;
  /** Indexed in FTS, not stored. */
  text: string;
}

export interface SnapshotRow extends Omit<NewSnapshot, "text"> {
  id: number;
  raw_snapshot_path: string | null;
  is_duplicate: number;
  created_at: string;
  updated_at: string;
}

/** Inserts one snapshot and its FTS row; marks it a duplicate when an earlier capture of the same URL group had the same body. */
export function insertSnapshot(tx: Tx, s: NewSnapshot, now: string): number {
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
      row.warc_path,
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

export function indexedRecordIds(db: Reader, jobId: number): Set<string> {
  return new Set(
    db
      .all<{ r: string }>("SELECT warc_record_id AS r FROM snapshots WHERE job_id = ?", [jobId])
      .map((x) => x.r),
  );
}

export function countSnapshots(db: Reader): number {
  return db.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")?.n ?? 0;
}

export function getSnapshot(db: Reader, id: number): SnapshotRow | undefined {
  return db.get<SnapshotRow>("SELECT * FROM snapshots WHERE id = ?", [id]);
}

export function snapshotsOfJob(db: Reader, jobId: number): SnapshotRow[] {
  return db.all<SnapshotRow>("SELECT * FROM snapshots WHERE job_id = ? ORDER BY id", [jobId]);
}
