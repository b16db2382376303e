/**
 * Archive rows whose columns and values both backends write alike, kept here once: each backend
 * adds only its dialect (sql.js `INSERT OR IGNORE`, PostgreSQL `ON CONFLICT DO NOTHING`,
 * `RETURNING id`). Both take `?` placeholders (repository-pg/rows.ts numbers them).
 */
import type { EditionRecount, NewChange, NewJob } from "../repository.js";

/** A change-feed row: columns and the values for one change computed at `now`. */
export const CHANGE_INSERT = `snapshot_changes (job_id, source_id, snapshot_id, previous_snapshot_id, normalized_url_group, url,
  change_type, summary, added_lines, removed_lines, changed_sections, change_ratio, high_noise, significance,
  significance_facts, captured_at, computed_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export const changeValues = (r: NewChange, now: string) => [
  r.job_id,
  r.source_id,
  r.snapshot_id,
  r.previous_snapshot_id,
  r.group,
  r.url,
  r.type,
  r.summary,
  r.added,
  r.removed,
  r.sections,
  r.ratio,
  r.noise,
  r.significance,
  r.significanceFacts,
  r.captured_at,
  now,
];

/** A new queued job (its folder is set once its id is known). */
export const JOB_INSERT = `INSERT INTO archive_jobs (source_id, edition_id, name, output_dir, shard_key, shard_kind,
  acceptance_state, status, queued_at, config, cleanup_status, created_at, updated_at)
  VALUES (?, ?, ?, '', ?, ?, 'pending', 'queued', ?, ?, 'none', ?, ?)`;

export const jobValues = (sourceId: number, job: Omit<NewJob, "sourceCode">, now: string) => [
  sourceId,
  job.editionId ?? null,
  job.name,
  job.shardKey ?? null,
  job.shardKind ?? null,
  now,
  JSON.stringify(job.config),
  now,
  now,
];

/** An edition's recounted coverage and readiness. */
export const RECOUNT_UPDATE = `UPDATE annual_editions SET status = ?, search_ready = ?, research_ready = ?,
  intended_url_count = ?, captured_url_count = ?, failed_url_count = ?, excluded_url_count = ?, backend_counts = ?,
  coverage_summary = ?, capture_manifest_path = ?, coverage_report_json_path = ?, coverage_report_md_path = ?,
  updated_at = ? WHERE id = ?`;

export function recountValues(editionId: number, r: EditionRecount, now: string) {
  const c = r.summary;
  return [
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
  ];
}
