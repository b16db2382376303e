/** An edition's shard jobs, their captures, operator decisions and a refresh's recount, on sql.js. */
import type { JobConfig } from "../../../shared/archive/job-config.js";
import type { Reader, Tx } from "../../db/types.js";
import { LEGACY_SHARD_KIND } from "../jobs/job-files.js";
import { storedPath } from "../jobs/warc-paths.js";
import { checkLengths } from "../limits.js";
import { RECOUNT_UPDATE, recountValues } from "../repository/shared-rows.js";
import type {
  DecisionRow,
  EditionRecount,
  EditionSnapshot,
  ImportedJob,
  JobRow,
  NewShardJob,
  ShardDecisionWrite,
} from "../repository.js";
import { insertJob } from "./jobs.js";

export const editionJobs = (db: Reader, editionId: number) =>
  db.all<JobRow>("SELECT * FROM archive_jobs WHERE edition_id = ? ORDER BY id", [editionId]);

export function createShardJobs(
  tx: Tx,
  warcRoot: string,
  edition: { id: number; source_id: number },
  shards: readonly NewShardJob[],
  now: string,
): number {
  const keys = new Set(shards.map((s) => s.shardKey));
  const existing = tx
    .all<{ k: string }>(
      "SELECT shard_key AS k FROM archive_jobs WHERE edition_id = ? AND shard_key IS NOT NULL",
      [edition.id],
    )
    .filter((r) => keys.has(r.k));
  if (existing.length) return 0;
  for (const s of shards) insertJob(tx, warcRoot, edition.source_id, { ...s, editionId: edition.id }, now);
  return shards.length;
}

export function insertImportedJob(
  tx: Tx,
  warcRoot: string,
  edition: { id: number; source_id: number },
  job: ImportedJob,
) {
  checkLengths("archive_jobs", { name: job.name, shard_key: job.shardKey, output_dir: job.outputDir });
  const { lastInsertRowid } = tx.run(
    `INSERT INTO archive_jobs (source_id, edition_id, name, output_dir, shard_key, shard_kind, acceptance_state, status,
       started_at, finished_at, crawler_status, crawler_stage, pages_crawled, pages_total, pages_failed, warc_file_count,
       cleanup_status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', 'completed', ?, ?, 'imported', 'imported', ?, ?, 0, ?, 'none', ?, ?)`,
    [
      edition.source_id,
      edition.id,
      job.name,
      storedPath(warcRoot, job.outputDir),
      job.shardKey,
      LEGACY_SHARD_KIND,
      job.now,
      job.now,
      job.records,
      job.records,
      job.files,
      job.now,
      job.now,
    ],
  );
  return lastInsertRowid;
}

function setShardAcceptance(tx: Tx, jobId: number, state: string, reason: string | null, now: string) {
  tx.run("UPDATE archive_jobs SET acceptance_state = ?, acceptance_reason = ?, updated_at = ? WHERE id = ?", [
    state,
    reason,
    now,
    jobId,
  ]);
}

/** A re-queued shard: a fresh job with the same key and config; the old one points to it. */
function requeueShardJob(tx: Tx, warcRoot: string, old: JobRow, now: string): number {
  const config = JSON.parse(old.config ?? "null") as JobConfig;
  const job = {
    name: old.name,
    editionId: old.edition_id,
    shardKey: old.shard_key,
    shardKind: old.shard_kind,
    config,
  };
  const id = insertJob(tx, warcRoot, old.source_id!, job, now);
  tx.run("UPDATE archive_jobs SET superseded_by = ?, updated_at = ? WHERE id = ?", [id, now, old.id]);
  return id;
}

export function insertDecision(tx: Tx, d: Omit<DecisionRow, "id">): void {
  tx.run(
    `INSERT INTO shard_decisions (edition_id, job_id, shard_key, action, from_state, to_state, reason, decided_by, decided_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      d.edition_id,
      d.job_id,
      d.shard_key,
      d.action,
      d.from_state,
      d.to_state,
      d.reason,
      d.decided_by,
      d.decided_at,
    ],
  );
}

export function recordShardDecision(tx: Tx, warcRoot: string, d: ShardDecisionWrite): number | null {
  const created = d.action === "requeue" ? requeueShardJob(tx, warcRoot, d.job, d.decided_at) : null;
  const { job, ...rest } = d;
  insertDecision(tx, { ...rest, job_id: created ?? job.id, shard_key: job.shard_key ?? "" });
  if (created === null) setShardAcceptance(tx, job.id, d.to_state, d.reason, d.decided_at);
  return created;
}

export const decisionsOf = (db: Reader, editionId: number) =>
  db.all<DecisionRow>("SELECT * FROM shard_decisions WHERE edition_id = ? ORDER BY id", [editionId]);

export function snapshotsOfEdition(db: Reader, editionId: number): EditionSnapshot[] {
  return db.all<EditionSnapshot>(
    `SELECT id, job_id, url, normalized_url_group, status_code, content_hash, is_duplicate, capture_timestamp, capture_backend
       FROM snapshots WHERE job_id IN (SELECT id FROM archive_jobs WHERE edition_id = ?) ORDER BY id`,
    [editionId],
  );
}

/** For each duplicate of the edition, the earliest other capture of its page with the same body. */
export function duplicateOrigins(db: Reader, editionId: number): Map<number, number | null> {
  const out = new Map<number, number | null>();
  for (const s of snapshotsOfEdition(db, editionId)) {
    if (!s.is_duplicate || !s.normalized_url_group || !s.content_hash) continue;
    const first = db.get<{ id: number }>(
      "SELECT id FROM snapshots WHERE normalized_url_group = ? AND content_hash = ? AND id != ? ORDER BY capture_timestamp, id LIMIT 1",
      [s.normalized_url_group, s.content_hash, s.id],
    );
    out.set(s.id, first?.id ?? null);
  }
  return out;
}

export function saveRecount(tx: Tx, editionId: number, r: EditionRecount, now: string) {
  tx.run(RECOUNT_UPDATE, recountValues(editionId, r, now));
  for (const s of r.shards) {
    setShardAcceptance(tx, s.jobId, s.state, s.reason, now);
    tx.run("UPDATE archive_jobs SET coverage_report_path = ? WHERE id = ?", [r.reportJsonPath, s.jobId]);
  }
}
