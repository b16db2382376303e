/**
 * Data access for an edition's shard jobs (rows of `archive_jobs` with an edition_id), their
 * captures, the operator decisions on them (`shard_decisions`) and the recount that a refresh
 * writes. The only place their SQL lives.
 */
import type { JobConfig } from "../../../shared/archive/job-config.js";
import type { Reader, Store, Tx } from "../../db/types.js";
import { LEGACY_SHARD_KIND } from "../indexer.js";
import { insertJob, type JobRow } from "../jobs-store.js";
import { checkLengths } from "../limits.js";
import type { CoverageSummary } from "./coverage-report.js";

/** Every job of the edition, re-queued attempts included (superseded_by set). */
export function editionJobs(db: Reader, editionId: number): JobRow[] {
  return db.all<JobRow>("SELECT * FROM archive_jobs WHERE edition_id = ? ORDER BY id", [editionId]);
}

export interface NewShardJob {
  name: string;
  shardKey: string;
  shardKind: string;
  config: JobConfig;
}

/**
 * Creates the edition's shard jobs in one transaction, only when it has no `path-language` job
 * yet (planning again, or from a second process, creates nothing). Returns how many were made.
 */
export async function createShardJobs(
  store: Store,
  dataDir: string,
  edition: { id: number; source_id: number },
  shards: NewShardJob[],
  now: string,
): Promise<number> {
  return store.write((tx) => {
    const keys = new Set(shards.map((s) => s.shardKey));
    const existing = tx
      .all<{ k: string }>(
        "SELECT shard_key AS k FROM archive_jobs WHERE edition_id = ? AND shard_key IS NOT NULL",
        [edition.id],
      )
      .filter((r) => keys.has(r.k));
    if (existing.length) return 0;
    for (const s of shards) insertJob(tx, dataDir, edition.source_id, { ...s, editionId: edition.id }, now);
    return shards.length;
  });
}

/**
 * A salvage import's job: its WARC files are already in `outputDir`, so it starts `completed`
 * (crawled elsewhere) and is indexed next like any crawl.
 */
export async function insertImportedJob(
  store: Store,
  edition: { id: number; source_id: number },
  job: { name: string; shardKey: string; outputDir: string; files: number; records: number; now: string },
): Promise<number> {
  checkLengths("archive_jobs", { name: job.name, shard_key: job.shardKey, output_dir: job.outputDir });
  return store.write((tx) => {
    const { lastInsertRowid } = tx.run(
      `INSERT INTO archive_jobs (source_id, edition_id, name, output_dir, shard_key, shard_kind, acceptance_state, status,
         started_at, finished_at, crawler_status, crawler_stage, pages_crawled, pages_total, pages_failed, warc_file_count,
         cleanup_status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', 'completed', ?, ?, 'imported', 'imported', ?, ?, 0, ?, 'none', ?, ?)`,
      [
        edition.source_id,
        edition.id,
        job.name,
        job.outputDir,
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
  });
}

/** A re-queued shard: a fresh job with the same key and config; the old one points to it. */
export function requeueShardJob(tx: Tx, dataDir: string, old: JobRow, now: string): number {
  const id = insertJob(
    tx,
    dataDir,
    old.source_id!,
    {
      name: old.name,
      editionId: old.edition_id,
      shardKey: old.shard_key,
      shardKind: old.shard_kind,
      config: JSON.parse(old.config ?? "null") as JobConfig,
    },
    now,
  );
  tx.run("UPDATE archive_jobs SET superseded_by = ?, updated_at = ? WHERE id = ?", [id, now, old.id]);
  return id;
}

export function setShardAcceptance(tx: Tx, jobId: number, state: string, reason: string | null, now: string) {
  tx.run("UPDATE archive_jobs SET acceptance_state = ?, acceptance_reason = ?, updated_at = ? WHERE id = ?", [
    state,
    reason,
    now,
    jobId,
  ]);
}

export interface EditionSnapshot {
  id: number;
  job_id: number;
  url: string;
  normalized_url_group: string | null;
  status_code: number | null;
  content_hash: string | null;
  is_duplicate: number;
  capture_timestamp: string;
  capture_backend: string | null;
}

export function snapshotsOfEdition(db: Reader, editionId: number): EditionSnapshot[] {
  return db.all<EditionSnapshot>(
    `SELECT id, job_id, url, normalized_url_group, status_code, content_hash, is_duplicate, capture_timestamp, capture_backend
       FROM snapshots WHERE job_id IN (SELECT id FROM archive_jobs WHERE edition_id = ?) ORDER BY id`,
    [editionId],
  );
}

/** The earliest capture of the page with the same body: what a duplicate repeats. */
export function firstSameContent(db: Reader, group: string, hash: string, not: number): number | null {
  return (
    db.get<{ id: number }>(
      "SELECT id FROM snapshots WHERE normalized_url_group = ? AND content_hash = ? AND id != ? ORDER BY capture_timestamp, id LIMIT 1",
      [group, hash, not],
    )?.id ?? null
  );
}

export interface EditionRecount {
  summary: CoverageSummary;
  backendCounts: Record<string, number>;
  manifestPath: string | null;
  reportJsonPath: string;
  reportMdPath: string;
  shards: { jobId: number; state: string; reason: string | null }[];
}

/** Writes a refresh's figures and every shard's acceptance in one transaction. */
export async function saveRecount(
  store: Store,
  editionId: number,
  r: EditionRecount,
  now: string,
): Promise<void> {
  const c = r.summary;
  await store.write((tx) => {
    tx.run(
      `UPDATE annual_editions SET status = ?, search_ready = ?, research_ready = ?, intended_url_count = ?, captured_url_count = ?,
         failed_url_count = ?, excluded_url_count = ?, backend_counts = ?, coverage_summary = ?, capture_manifest_path = ?,
         coverage_report_json_path = ?, coverage_report_md_path = ?, updated_at = ? WHERE id = ?`,
      [
        c.status,
        c.searchReady ? 1 : 0,
        c.researchReady ? 1 : 0,
        c.intended,
        c.captured,
        c.failed,
        c.excluded,
        JSON.stringify(r.backendCounts),
        JSON.stringify(r.summary),
        r.manifestPath,
        r.reportJsonPath,
        r.reportMdPath,
        now,
        editionId,
      ],
    );
    for (const s of r.shards) {
      setShardAcceptance(tx, s.jobId, s.state, s.reason, now);
      tx.run("UPDATE archive_jobs SET coverage_report_path = ? WHERE id = ?", [r.reportJsonPath, s.jobId]);
    }
  });
}
