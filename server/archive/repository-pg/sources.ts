/** Sources on PostgreSQL, as ../repository-sqljs/sources.ts. */
import { checkLengths } from "../limits.js";
import type { SourcesRepository } from "../repository.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

export function pgSources(pool: Queryable, write: Write): SourcesRepository {
  return {
    listSources: () => all(pool, `SELECT * FROM sources ORDER BY code COLLATE "C"`),
    getSourceByCode: (code) => one(pool, "SELECT * FROM sources WHERE code = ?", [code]),
    getSourceById: (id) => one(pool, "SELECT * FROM sources WHERE id = ?", [id]),
    listSourceSummaries: () =>
      all(
        pool,
        `SELECT s.code, s.name, s.name_fr, s.base_url, s.description, s.description_fr, s.enabled,
                COUNT(n.id) AS snapshot_count, MIN(n.capture_timestamp) AS first_capture,
                MAX(n.capture_timestamp) AS latest_capture
           FROM sources s LEFT JOIN snapshots n ON n.source_id = s.id GROUP BY s.id ORDER BY s.code COLLATE "C"`,
      ),
    ensureSources: async (list, now) => {
      for (const s of list) checkLengths("sources", { ...s });
      const known = new Set(
        (await all<{ code: string }>(pool, "SELECT code FROM sources")).map((r) => r.code),
      );
      const missing = list.filter((s) => !known.has(s.code));
      if (!missing.length) return;
      await write(async (client) => {
        for (const s of missing)
          await run(
            client,
            `INSERT INTO sources (code, name, base_url, description, name_fr, description_fr, enabled, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (code) DO NOTHING`,
            [s.code, s.name, s.base_url, s.description, s.name_fr, s.description_fr, now, now],
          );
      });
    },
    setSourceBaseUrl: async (code, baseUrl, now) => {
      checkLengths("sources", { base_url: baseUrl });
      await write((client) =>
        run(client, "UPDATE sources SET base_url = ?, updated_at = ? WHERE code = ?", [baseUrl, now, code]),
      );
    },
  };
}
