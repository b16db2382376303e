/**
 * An edition's shard jobs, their captures, operator decisions and a refresh's recount on
 * PostgreSQL, as ../repository-sqljs/shards.ts. Creating shards locks the edition's row, so two
 * planners never both add the same keys.
 */
import type { JobConfig } from "../../../shared/archive/job-config.js";
import { storedPath } from "../jobs/warc-paths.js";
import { checkLengths } from "../limits.js";
import { RECOUNT_UPDATE, recountValues } from "../repository/shared-rows.js";
import type { DecisionRow, EditionSnapshot, EditionsRepository, JobRow } from "../repository.js";
import { jobOut } from "../repository-sqljs/paths.js";
import { insertJob } from "./job-writes.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";

/** The kind of a salvage import's job (the indexer vouches for nothing about its fidelity). */
const LEGACY_SHARD_KIND = "legacy-full-site";

type ShardMethods = Pick<
  EditionsRepository,
  | "editionJobs"
  | "createShardJobs"
  | "insertImportedJob"
  | "recordShardDecision"
  | "decisionsOf"
  | "snapshotsOfEdition"
  | "duplicateOrigins"
  | "saveRecount"
>;

const acceptance = (q: Queryable, jobId: number, state: string, reason: string | null, now: string) =>
  run(q, "UPDATE archive_jobs SET acceptance_state = ?, acceptance_reason = ?, updated_at = ? WHERE id = ?", [
    state,
    reason,
    now,
    jobId,
  ]);

const editionSnapshots = (q: Queryable, editionId: number) =>
  all<EditionSnapshot>(
    q,
    `SELECT id, job_id, url, normalized_url_group, status_code, content_hash, is_duplicate, capture_timestamp, capture_backend
       FROM snapshots WHERE job_id IN (SELECT id FROM archive_jobs WHERE edition_id = ?) ORDER BY id`,
    [editionId],
  );

export function pgShards(pool: Queryable, write: Write, root: string): ShardMethods {
  return {
    editionJobs: async (id) =>
      (await all<JobRow>(pool, "SELECT * FROM archive_jobs WHERE edition_id = ? ORDER BY id", [id])).map(
        (j) => jobOut(root, j),
      ),
    createShardJobs: (edition, shards, now) =>
      write(async (client) => {
        await run(client, "SELECT 1 FROM annual_editions WHERE id = ? FOR UPDATE", [edition.id]);
        const keys = shards.map((s) => s.shardKey);
        const existing = await one(
          client,
          "SELECT 1 AS x FROM archive_jobs WHERE edition_id = ? AND shard_key = ANY(?)",
          [edition.id, keys],
        );
        if (existing) return 0;
        for (const s of shards)
          await insertJob(client, root, edition.source_id, { ...s, editionId: edition.id }, now);
        return shards.length;
      }),
    insertImportedJob: (edition, job) => {
      checkLengths("archive_jobs", { name: job.name, shard_key: job.shardKey, output_dir: job.outputDir });
      return write(async (client) => {
        const row = await one<{ id: number }>(
          client,
          `INSERT INTO archive_jobs (source_id, edition_id, name, output_dir, shard_key, shard_kind, acceptance_state, status,
             started_at, finished_at, crawler_status, crawler_stage, pages_crawled, pages_total, pages_failed, warc_file_count,
             cleanup_status, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', 'completed', ?, ?, 'imported', 'imported', ?, ?, 0, ?, 'none', ?, ?) RETURNING id`,
          [
            edition.source_id,
            edition.id,
            job.name,
            storedPath(root, job.outputDir),
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
        return row!.id;
      });
    },
    recordShardDecision: (d) =>
      write(async (client) => {
        const old = d.job;
        let created: number | null = null;
        if (d.action === "requeue") {
          // A re-queued shard: a fresh job with the same key and config; the old one points to it.
          const config = JSON.parse(old.config ?? "null") as JobConfig;
          const fresh = {
            name: old.name,
            editionId: old.edition_id,
            shardKey: old.shard_key,
            shardKind: old.shard_kind,
            config,
          };
          created = await insertJob(client, root, old.source_id!, fresh, d.decided_at);
          await run(client, "UPDATE archive_jobs SET superseded_by = ?, updated_at = ? WHERE id = ?", [
            created,
            d.decided_at,
            old.id,
          ]);
        }
        await run(
          client,
          `INSERT INTO shard_decisions (edition_id, job_id, shard_key, action, from_state, to_state, reason, decided_by, decided_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            d.edition_id,
            created ?? old.id,
            old.shard_key ?? "",
            d.action,
            d.from_state,
            d.to_state,
            d.reason,
            d.decided_by,
            d.decided_at,
          ],
        );
        if (created === null) await acceptance(client, old.id, d.to_state, d.reason, d.decided_at);
        return created;
      }),
    decisionsOf: (id) =>
      all<DecisionRow>(pool, "SELECT * FROM shard_decisions WHERE edition_id = ? ORDER BY id", [id]),
    snapshotsOfEdition: (id) => editionSnapshots(pool, id),
    duplicateOrigins: async (id) => {
      const out = new Map<number, number | null>();
      const rows = await all<{ id: number; first: number | null }>(
        pool,
        `SELECT s.id, (SELECT o.id FROM snapshots o WHERE o.normalized_url_group = s.normalized_url_group
                         AND o.content_hash = s.content_hash AND o.id != s.id ORDER BY o.capture_timestamp COLLATE "C", o.id LIMIT 1) AS first
           FROM snapshots s WHERE s.job_id IN (SELECT id FROM archive_jobs WHERE edition_id = ?)
            AND s.is_duplicate = 1 AND s.normalized_url_group IS NOT NULL AND s.content_hash IS NOT NULL AND s.content_hash != ''
          ORDER BY s.id`,
        [id],
      );
      for (const r of rows) out.set(r.id, r.first);
      return out;
    },
    saveRecount: async (editionId, r, now) => {
      await write(async (client) => {
        await run(client, RECOUNT_UPDATE, recountValues(editionId, r, now));
        for (const s of r.shards) {
          await acceptance(client, s.jobId, s.state, s.reason, now);
          await run(client, "UPDATE archive_jobs SET coverage_report_path = ? WHERE id = ?", [
            r.reportJsonPath,
            s.jobId,
          ]);
        }
      });
    },
  };
}
