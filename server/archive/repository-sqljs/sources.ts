/** Sources on sql.js. */
import type { Reader, Tx } from "../../db/types.js";
import { checkLengths } from "../limits.js";
import type { NewSource, SourceRow, SourceSummaryRow } from "../repository.js";

export const sourceByCode = (db: Reader, code: string) =>
  db.get<SourceRow>("SELECT * FROM sources WHERE code = ?", [code]);

export const sourceById = (db: Reader, id: number) =>
  db.get<SourceRow>("SELECT * FROM sources WHERE id = ?", [id]);

export const listSources = (db: Reader) => db.all<SourceRow>("SELECT * FROM sources ORDER BY code");

export function listSourceSummaries(db: Reader): SourceSummaryRow[] {
  return db.all<SourceSummaryRow>(
    `SELECT s.code, s.name, s.name_fr, s.base_url, s.description, s.description_fr, s.enabled,
            COUNT(n.id) AS snapshot_count, MIN(n.capture_timestamp) AS first_capture, MAX(n.capture_timestamp) AS latest_capture
       FROM sources s LEFT JOIN snapshots n ON n.source_id = s.id GROUP BY s.id ORDER BY s.code`,
  );
}

export function ensureSources(tx: Tx, sources: readonly NewSource[], now: string) {
  for (const s of sources) {
    checkLengths("sources", { ...s });
    tx.run(
      "INSERT OR IGNORE INTO sources (code, name, base_url, description, name_fr, description_fr, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)",
      [s.code, s.name, s.base_url, s.description, s.name_fr, s.description_fr, now, now],
    );
  }
}

export function setSourceBaseUrl(tx: Tx, code: string, baseUrl: string, now: string) {
  checkLengths("sources", { base_url: baseUrl });
  tx.run("UPDATE sources SET base_url = ?, updated_at = ? WHERE code = ?", [baseUrl, now, code]);
}
