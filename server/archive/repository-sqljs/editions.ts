/** Annual editions and the yearly campaign claims on sql.js. */
import type { Reader, Tx } from "../../db/types.js";
import type { CampaignRow, EditionExportHead, EditionWithSource } from "../repository.js";

const SELECT =
  "SELECT e.*, s.code AS source_code FROM annual_editions e JOIN sources s ON s.id = e.source_id";

export const getEdition = (db: Reader, id: number) =>
  db.get<EditionWithSource>(`${SELECT} WHERE e.id = ?`, [id]);

export const findEdition = (db: Reader, sourceId: number, year: number) =>
  db.get<EditionWithSource>(`${SELECT} WHERE e.source_id = ? AND e.year = ?`, [sourceId, year]);

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

export function ensureEdition(tx: Tx, sourceId: number, year: number, now: string) {
  tx.run(
    `INSERT OR IGNORE INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count,
       captured_url_count, failed_url_count, excluded_url_count, created_at, updated_at)
     VALUES (?, ?, 'planned', 0, 0, 0, 0, 0, 0, ?, ?)`,
    [sourceId, year, now, now],
  );
  return findEdition(tx, sourceId, year)!;
}

export function setEditionLedger(
  tx: Tx,
  id: number,
  file: string,
  counts: { intended: number; excluded: number },
  now: string,
) {
  const { changes } = tx.run(
    `UPDATE annual_editions SET target_ledger_path = ?, intended_url_count = ?, excluded_url_count = ?, updated_at = ?
      WHERE id = ? AND target_ledger_path IS NULL`,
    [file, counts.intended, counts.excluded, now, id],
  );
  return changes === 1;
}

export const sourceIdsWithEditionsBefore = (db: Reader, year: number) =>
  new Set(
    db
      .all<{ id: number }>("SELECT DISTINCT source_id AS id FROM annual_editions WHERE year < ?", [year])
      .map((r) => r.id),
  );

export function isEditionPlanned(db: Reader, id: number): boolean {
  return !!db.get(
    `SELECT 1 AS x FROM annual_editions e WHERE e.id = ? AND e.target_ledger_path IS NOT NULL
       AND EXISTS (SELECT 1 FROM archive_jobs j WHERE j.edition_id = e.id AND j.shard_kind = 'path-language')`,
    [id],
  );
}

export function markEditionStarted(tx: Tx, id: number, now: string) {
  tx.run(
    "UPDATE annual_editions SET status = 'in_progress', updated_at = ? WHERE id = ? AND status = 'planned'",
    [now, id],
  );
}

export function capturedPagesOfEdition(db: Reader, sourceId: number, year: number) {
  return db.all<{ url: string; language: string | null }>(
    `SELECT s.url, MIN(s.language) AS language FROM snapshots s
       JOIN archive_jobs j ON j.id = s.job_id JOIN annual_editions e ON e.id = j.edition_id
      WHERE e.source_id = ? AND e.year = ? AND s.status_code BETWEEN 200 AND 299
      GROUP BY s.url ORDER BY s.url`,
    [sourceId, year],
  );
}

export const getCampaign = (db: Reader, year: number) =>
  db.get<CampaignRow>("SELECT * FROM annual_campaigns WHERE year = ?", [year]);

export function claimCampaign(tx: Tx, year: number, by: string, now: string) {
  const { changes } = tx.run(
    "INSERT OR IGNORE INTO annual_campaigns (year, claimed_at, claimed_by) VALUES (?, ?, ?)",
    [year, now, by],
  );
  return changes === 1;
}

export function finishCampaign(tx: Tx, year: number, summary: string, now: string) {
  tx.run("UPDATE annual_campaigns SET finished_at = ?, summary = ? WHERE year = ?", [now, summary, year]);
}

export function editionsOfYear(db: Reader, year: number) {
  return db.all<{ code: string; status: string; search_ready: number; captured_url_count: number }>(
    "SELECT s.code, e.status, e.search_ready, e.captured_url_count FROM annual_editions e JOIN sources s ON s.id = e.source_id WHERE e.year = ? ORDER BY s.code",
    [year],
  );
}

export const editionExportHead = (db: Reader, id: number) =>
  db.get<EditionExportHead>(
    "SELECT e.year, s.code, s.name, s.base_url FROM annual_editions e JOIN sources s ON s.id = e.source_id WHERE e.id = ?",
    [id],
  );
