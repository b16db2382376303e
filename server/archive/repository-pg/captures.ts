/**
 * Captures on PostgreSQL, as ../repository-sqljs/captures.ts; a batch is written with its search
 * entries in one transaction (snapshot-writes.ts).
 */

import { absolutePath, storedPath } from "../jobs/warc-paths.js";
import type { CapturesRepository, SnapshotCard, SnapshotRow } from "../repository.js";
import { snapshotOut } from "../repository-sqljs/paths.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";
import { insertSnapshotsPg } from "./snapshot-writes.js";

/** Captures per `recordCaptures` call the indexer is asked to gather on PostgreSQL. */
const CAPTURE_BATCH = 500;

export function pgCaptures(pool: Queryable, write: Write, root: string): CapturesRepository {
  const count = async (sql: string, args: unknown[] = []) =>
    (await one<{ n: number }>(pool, sql, args))?.n ?? 0;
  return {
    recordCaptures: (jobId, captures, now) =>
      write(async (client) => {
        const ids = await insertSnapshotsPg(
          client,
          captures.map((c) => ({ ...c, warc_path: storedPath(root, c.warc_path) })),
          now,
        );
        await run(
          client,
          "UPDATE archive_jobs SET indexed_page_count = (SELECT COUNT(*) FROM snapshots WHERE job_id = ?), updated_at = ? WHERE id = ?",
          [jobId, now, jobId],
        );
        return ids;
      }),
    // A batch is a few statements whatever its size: larger ones spare a commit and round trips each.
    captureBatchSize: CAPTURE_BATCH,
    indexedRecordIds: async (jobId) =>
      new Set(
        (
          await all<{ r: string }>(pool, "SELECT warc_record_id AS r FROM snapshots WHERE job_id = ?", [
            jobId,
          ])
        ).map((x) => x.r),
      ),
    countSnapshots: () => count("SELECT COUNT(*) AS n FROM snapshots"),
    countSnapshotsOfJob: (jobId) => count("SELECT COUNT(*) AS n FROM snapshots WHERE job_id = ?", [jobId]),
    maxSnapshotId: () => count("SELECT COALESCE(MAX(id), 0) AS n FROM snapshots"),
    firstSnapshotId: async () =>
      (await one<{ id: number }>(pool, "SELECT id FROM snapshots ORDER BY id LIMIT 1"))?.id,
    getSnapshot: async (id) =>
      snapshotOut(root, await one<SnapshotRow>(pool, "SELECT * FROM snapshots WHERE id = ?", [id])),
    snapshotsOfJob: async (jobId) =>
      (await all<SnapshotRow>(pool, "SELECT * FROM snapshots WHERE job_id = ? ORDER BY id", [jobId])).map(
        (s) => snapshotOut(root, s),
      ),
    snapshotNeighbours: async (s) => {
      const g = s.normalized_url_group;
      const t = s.capture_timestamp;
      return (
        (await one<{ prev: number | null; next: number | null }>(
          pool,
          `SELECT (SELECT id FROM snapshots WHERE normalized_url_group = ? AND (capture_timestamp < ? OR (capture_timestamp = ? AND id < ?))
                    ORDER BY capture_timestamp COLLATE "C" DESC, id DESC LIMIT 1) AS prev,
                  (SELECT id FROM snapshots WHERE normalized_url_group = ? AND (capture_timestamp > ? OR (capture_timestamp = ? AND id > ?))
                    ORDER BY capture_timestamp COLLATE "C", id LIMIT 1) AS next`,
          [g, t, t, s.id, g, t, t, s.id],
        )) ?? { prev: null, next: null }
      );
    },
    latestCapturePerSource: () =>
      all(
        pool,
        `SELECT s.job_id, s.url, so.code FROM snapshots s JOIN sources so ON so.id = s.source_id
          WHERE s.id IN (SELECT MAX(id) FROM snapshots WHERE status_code BETWEEN 200 AND 299 GROUP BY source_id) ORDER BY s.id`,
      ),
    snapshotCards: (ids) =>
      ids.length
        ? all<SnapshotCard>(
            pool,
            `SELECT s.id, s.title, so.code, so.name, so.name_fr, s.language, s.capture_timestamp AS ts, s.job_id, s.url, s.snippet
               FROM snapshots s LEFT JOIN sources so ON so.id = s.source_id WHERE s.id = ANY(?) ORDER BY s.id`,
            [[...ids]],
          )
        : Promise.resolve([]),
    warcExtents: async (jobIds) =>
      (
        await all<{ warc_path: string; bytes: string | number }>(
          pool,
          `SELECT warc_path, MAX(COALESCE((provenance_json::jsonb ->> 'warc_offset')::bigint, 0)
                               + COALESCE((provenance_json::jsonb ->> 'warc_length')::bigint, 0)) AS bytes
             FROM snapshots ${jobIds ? "WHERE job_id = ANY(?)" : ""} GROUP BY warc_path ORDER BY warc_path`,
          jobIds ? [[...jobIds]] : [],
        )
      ).map((w) => ({ path: absolutePath(root, w.warc_path), bytes: Number(w.bytes) })),
  };
}
