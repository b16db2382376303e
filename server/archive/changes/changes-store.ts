/**
 * Reads of the change feed (table snapshot_changes): one page of changes, newest first, with the
 * title and language of the page they concern, and the total for the filters.
 */
import type { Reader } from "../../db/types.js";

export interface ChangeFilters {
  source?: string;
  /** YYYY-MM-DD, inclusive, in UTC. */
  from?: string;
  to?: string;
  type?: "new_page" | "updated" | "removed";
  includeNoise: boolean;
  page: number;
  pageSize: number;
}

export interface ChangeRow {
  id: number;
  change_type: "new_page" | "updated" | "removed";
  url: string;
  title: string | null;
  page_language: string | null;
  source_code: string | null;
  job_id: number;
  captured_at: string;
  added_lines: number;
  removed_lines: number;
  changed_sections: string | null;
  change_ratio: number;
  high_noise: number;
  snapshot_id: number | null;
  previous_snapshot_id: number | null;
}

function whereClause(f: ChangeFilters): { sql: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.source) {
    where.push("c.source_id = (SELECT id FROM sources WHERE code = ?)");
    args.push(f.source);
  }
  if (f.from) {
    where.push("c.captured_at >= ?");
    args.push(`${f.from}T00:00:00.000Z`);
  }
  if (f.to) {
    where.push("c.captured_at <= ?");
    args.push(`${f.to}T23:59:59.999Z`);
  }
  if (f.type) {
    where.push("c.change_type = ?");
    args.push(f.type);
  }
  if (!f.includeNoise) where.push("c.high_noise = 0");
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", args };
}

export function listChanges(db: Reader, f: ChangeFilters): { rows: ChangeRow[]; total: number } {
  const w = whereClause(f);
  const total =
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM snapshot_changes c ${w.sql}`, w.args)?.n ?? 0;
  const rows = db.all<ChangeRow>(
    `SELECT c.id, c.change_type, c.url, c.job_id, c.captured_at, c.added_lines, c.removed_lines,
            c.changed_sections, c.change_ratio, c.high_noise, c.snapshot_id, c.previous_snapshot_id,
            so.code AS source_code, s.title AS title, s.language AS page_language
       FROM snapshot_changes c LEFT JOIN sources so ON so.id = c.source_id
       LEFT JOIN snapshots s ON s.id = COALESCE(c.snapshot_id, c.previous_snapshot_id) ${w.sql}
      ORDER BY c.captured_at DESC, c.id DESC LIMIT ? OFFSET ?`,
    [...w.args, f.pageSize, (f.page - 1) * f.pageSize],
  );
  return { rows, total };
}
