/** Annual editions and the yearly campaign claims on PostgreSQL, as ../repository-sqljs/editions.ts. */
import type { CampaignRow, EditionExportHead, EditionsRepository, EditionWithSource } from "../repository.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

const SELECT =
  "SELECT e.*, s.code AS source_code FROM annual_editions e JOIN sources s ON s.id = e.source_id";

type EditionReads = Pick<
  EditionsRepository,
  | "getEdition"
  | "findEdition"
  | "listEditions"
  | "ensureEdition"
  | "setEditionLedger"
  | "sourceIdsWithEditionsBefore"
  | "isEditionPlanned"
  | "markEditionStarted"
  | "capturedPagesOfEdition"
  | "getCampaign"
  | "claimCampaign"
  | "finishCampaign"
  | "editionsOfYear"
  | "editionExportHead"
>;

export function pgEditions(pool: Queryable, write: Write): EditionReads {
  const find = (q: Queryable, sourceId: number, year: number) =>
    one<EditionWithSource>(q, `${SELECT} WHERE e.source_id = ? AND e.year = ?`, [sourceId, year]);
  return {
    getEdition: (id) => one(pool, `${SELECT} WHERE e.id = ?`, [id]),
    findEdition: (sourceId, year) => find(pool, sourceId, year),
    listEditions: (filter = {}) => {
      const where: string[] = [];
      const args: number[] = [];
      if (filter.sourceId !== undefined) {
        where.push("e.source_id = ?");
        args.push(filter.sourceId);
      }
      if (filter.year !== undefined) {
        where.push("e.year = ?");
        args.push(filter.year);
      }
      const w = where.length ? ` WHERE ${where.join(" AND ")}` : "";
      return all(pool, `${SELECT}${w} ORDER BY e.year DESC, s.code COLLATE "C"`, args);
    },
    ensureEdition: (sourceId, year, now) =>
      write(async (client) => {
        await run(
          client,
          `INSERT INTO annual_editions (source_id, year, status, search_ready, research_ready, intended_url_count,
             captured_url_count, failed_url_count, excluded_url_count, created_at, updated_at)
           VALUES (?, ?, 'planned', 0, 0, 0, 0, 0, 0, ?, ?) ON CONFLICT (source_id, year) DO NOTHING`,
          [sourceId, year, now, now],
        );
        return (await find(client, sourceId, year))!;
      }),
    setEditionLedger: (id, file, counts, now) =>
      write(
        async (client) =>
          (await run(
            client,
            `UPDATE annual_editions SET target_ledger_path = ?, intended_url_count = ?, excluded_url_count = ?, updated_at = ?
              WHERE id = ? AND target_ledger_path IS NULL`,
            [file, counts.intended, counts.excluded, now, id],
          )) === 1,
      ),
    sourceIdsWithEditionsBefore: async (year) =>
      new Set(
        (
          await all<{ id: number }>(
            pool,
            "SELECT DISTINCT source_id AS id FROM annual_editions WHERE year < ?",
            [year],
          )
        ).map((r) => r.id),
      ),
    isEditionPlanned: async (id) =>
      !!(await one(
        pool,
        `SELECT 1 AS x FROM annual_editions e WHERE e.id = ? AND e.target_ledger_path IS NOT NULL
           AND EXISTS (SELECT 1 FROM archive_jobs j WHERE j.edition_id = e.id AND j.shard_kind = 'path-language')`,
        [id],
      )),
    markEditionStarted: async (id, now) => {
      await write((client) =>
        run(
          client,
          "UPDATE annual_editions SET status = 'in_progress', updated_at = ? WHERE id = ? AND status = 'planned'",
          [now, id],
        ),
      );
    },
    capturedPagesOfEdition: (sourceId, year) =>
      all(
        pool,
        `SELECT s.url, MIN(s.language) AS language FROM snapshots s
           JOIN archive_jobs j ON j.id = s.job_id JOIN annual_editions e ON e.id = j.edition_id
          WHERE e.source_id = ? AND e.year = ? AND s.status_code BETWEEN 200 AND 299
          GROUP BY s.url ORDER BY s.url COLLATE "C"`,
        [sourceId, year],
      ),
    getCampaign: (year) => one<CampaignRow>(pool, "SELECT * FROM annual_campaigns WHERE year = ?", [year]),
    claimCampaign: (year, by, now) =>
      write(
        async (client) =>
          (await run(
            client,
            "INSERT INTO annual_campaigns (year, claimed_at, claimed_by) VALUES (?, ?, ?) ON CONFLICT (year) DO NOTHING",
            [year, now, by],
          )) === 1,
      ),
    finishCampaign: async (year, summary, now) => {
      await write((client) =>
        run(client, "UPDATE annual_campaigns SET finished_at = ?, summary = ? WHERE year = ?", [
          now,
          summary,
          year,
        ]),
      );
    },
    editionsOfYear: (year) =>
      all(
        pool,
        `SELECT s.code, e.status, e.search_ready, e.captured_url_count FROM annual_editions e JOIN sources s ON s.id = e.source_id
          WHERE e.year = ? ORDER BY s.code COLLATE "C"`,
        [year],
      ),
    editionExportHead: (id) =>
      one<EditionExportHead>(
        pool,
        "SELECT e.year, s.code, s.name, s.base_url FROM annual_editions e JOIN sources s ON s.id = e.source_id WHERE e.id = ?",
        [id],
      ),
  };
}
