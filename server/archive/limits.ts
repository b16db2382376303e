/**
 * The String(n) limits of spec 001 §2, checked before any write so an over-long value is refused
 * with a message naming the field (the schema's CHECK constraints are the backstop). At the top
 * of the module because both repository backends and the CLI check them, not one stage.
 */
import { validationError } from "../core/errors.js";

export const LIMITS = {
  sources: { code: 50, name: 200, name_fr: 200, base_url: 500 },
  archive_jobs: {
    name: 200,
    output_dir: 500,
    shard_key: 200,
    shard_kind: 50,
    acceptance_state: 50,
    status: 50,
    crawler_status: 50,
    crawler_stage: 50,
    final_zim_path: 500,
    combined_log_path: 500,
    state_file_path: 500,
    coverage_report_path: 500,
    cleanup_status: 50,
    claimed_by: 100,
  },
  snapshots: {
    url: 2000,
    normalized_url_group: 2000,
    mime_type: 100,
    title: 500,
    language: 10,
    capture_backend: 50,
    capture_fidelity: 50,
    warc_path: 500,
    warc_record_id: 200,
    raw_snapshot_path: 500,
    content_hash: 64,
  },
} as const;

export function checkLengths(table: keyof typeof LIMITS, values: Record<string, unknown>): void {
  const limits = LIMITS[table] as Record<string, number>;
  for (const [field, value] of Object.entries(values)) {
    const max = limits[field];
    if (max !== undefined && typeof value === "string" && value.length > max) {
      throw validationError(`${field} is ${value.length} characters long; at most ${max} are allowed`);
    }
  }
}
