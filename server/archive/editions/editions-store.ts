/**
 * Data access for annual editions (table `annual_editions`) and the yearly campaign claims
 * (table `annual_campaigns`, migration 006). The only place their SQL lives.
 */
import type { Reader, Store } from "../../db/types.js";

export interface EditionRow {
  id: number;
  source_id: number;
  year: number;
  status: string;
  search_ready: number;
  research_ready: number;
  intended_url_count: number;
  captured_url_count: number;
  failed_url_count: number;
  excluded_url_count: number;
  backend_counts: string | null;
  coverage_summary: string | null;
  target_ledger_path: string | null;
  capture_manifest_path: string | null;
  coverage_report_json_path: string | null;
  coverage_report_md_path: string | null;
  created_at: string;
  updated_at: string;
}

export type EditionWithSource = EditionRow & { source_code: string };

const SELECT =
  "SELECT e.*, s.code AS source_code FROM annual_editions e JOIN sources s ON s.id = e.source_id";

export function getEdition(db: Reader, id: number): EditionWithSource | undefined {
  return db.get<EditionWithSource>(`${SELECT} WHERE e.id = ?`, [id]);
}

export function findEdition(db: Reader, sourceId: number, year: number): EditionWithSource | undefined {
  return db.get<EditionWithSource>(`${SELECT} WHERE e.source_id = ? AND e.year = ?`, [sourceId, year]);
}

export function listEditions(
  db: Reader,
  filter: { sourceId?: number; year?: number } = {},
): EditionWithSource[] {
  const where: string[] = [];
  const params: number[] = [];
  if (filter.sourceId !== undefined) {
    where.push("e.source_id = ?");
    params.push(filter.sourceId);
  }
  if (filter.year !== undefined) {
    where.push("e.year = ?");
    params.push(filter.year);
  }
  return db.all<EditionWithSource>(
    `${SELECT}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY e.year DESC, s.code`,
    params,
  );
}

/** The edition of (source, year), created `planned` when missing; (source_id, year) is unique. */
export async function ensureEdition(store: Store, sourceId: number, year: number, now: string) {
  await store.write((tx) =>
    tx.run(
      `INSERT OR IGNORE INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count,
         captured_url_count, failed_url_count, excluded_url_count, created_at, updated_at)
       VALUES (?, ?, 'planned', 0, 0, 0, 0, 0, 0, ?, ?)`,
      [sourceId, year, now, now],
    ),
  );
  return findEdition(store, sourceId, year)!;
}

/** Records the ledger once: a second planner finding it already set keeps the first. */
export async function setEditionLedger(
  store: Store,
  id: number,
  file: string,
  counts: { intended: number; excluded: number },
  now: string,
): Promise<boolean> {
  const { changes } = await store.write((tx) =>
    tx.run(
      `UPDATE annual_editions SET target_ledger_path = ?, intended_url_count = ?, excluded_url_count = ?, updated_at = ?
        WHERE id = ? AND target_ledger_path IS NULL`,
      [file, counts.intended, counts.excluded, now, id],
    ),
  );
  return changes === 1;
}

/** Sources with an edition of an earlier year: archived before, so they wait for the campaign. */
export function sourceIdsWithEditionsBefore(db: Reader, year: number): Set<number> {
  return new Set(
    db
      .all<{ id: number }>("SELECT DISTINCT source_id AS id FROM annual_editions WHERE year < ?", [year])
      .map((r) => r.id),
  );
}

/** Planned means a ledger and its shard jobs; an edition made by an import alone is not. */
export function isEditionPlanned(db: Reader, id: number): boolean {
  return !!db.get(
    `SELECT 1 AS x FROM annual_editions e WHERE e.id = ? AND e.target_ledger_path IS NOT NULL
       AND EXISTS (SELECT 1 FROM archive_jobs j WHERE j.edition_id = e.id AND j.shard_kind = 'path-language')`,
    [id],
  );
}

/** A planned edition becomes in_progress when its first job starts. */
export async function markEditionStarted(store: Store, id: number, now: string): Promise<void> {
  await store.write((tx) =>
    tx.run(
      "UPDATE annual_editions SET status = 'in_progress', updated_at = ? WHERE id = ? AND status = 'planned'",
      [now, id],
    ),
  );
}

/** Pages (2xx HTML captures) of a source's edition of `year`, with their language: next year's ledger input. */
export function capturedPagesOfEdition(
  db: Reader,
  sourceId: number,
  year: number,
): { url: string; language: string | null }[] {
  return db.all(
    `SELECT s.url, MIN(s.language) AS language FROM snapshots s
       JOIN archive_jobs j ON j.id = s.job_id JOIN annual_editions e ON e.id = j.edition_id
      WHERE e.source_id = ? AND e.year = ? AND s.status_code BETWEEN 200 AND 299
      GROUP BY s.url ORDER BY s.url`,
    [sourceId, year],
  );
}

export interface CampaignRow {
  year: number;
  claimed_at: string;
  claimed_by: string;
  finished_at: string | null;
  summary: string | null;
}

export function getCampaign(db: Reader, year: number): CampaignRow | undefined {
  return db.get<CampaignRow>("SELECT * FROM annual_campaigns WHERE year = ?", [year]);
}

/**
 * Claims the year's campaign in one transaction: the row is unique per year, so of two processes
 * (or two runs) only the one whose insert took effect runs the campaign.
 */
export async function claimCampaign(store: Store, year: number, by: string, now: string): Promise<boolean> {
  const { changes } = await store.write((tx) =>
    tx.run("INSERT OR IGNORE INTO annual_campaigns (year, claimed_at, claimed_by) VALUES (?, ?, ?)", [
      year,
      now,
      by,
    ]),
  );
  return changes === 1;
}

export async function finishCampaign(
  store: Store,
  year: number,
  summary: string,
  now: string,
): Promise<void> {
  await store.write((tx) =>
    tx.run("UPDATE annual_campaigns SET finished_at = ?, summary = ? WHERE year = ?", [now, summary, year]),
  );
}
