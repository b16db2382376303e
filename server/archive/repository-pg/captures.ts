/**
 * Captures on PostgreSQL, as ../repository-sqljs/captures.ts; a batch is written with its search
 * entries in one transaction (snapshot-writes.ts).
 *
 * The indexer hands over two batches of a job at once (captureBatchesAtOnce), each for its own
 * pages, so two PostgreSQL backends make their search entries side by side. Their order is kept:
 * a batch inserts its snapshots once the batch before has inserted its own and written its page
 * rows, so ids follow the order of the calls, and it commits only after the batch before
 * committed (never if that one failed), so a reader never sees a higher id without the lower ones.
 * It takes nothing the batch before may still ask for: its pages are others (a batch sharing one
 * waits for the batch before to commit, as duplicates are told from committed captures), and it
 * adds its new words to the vocabulary and its count to the job only after that commit. Every
 * archive writer locks page rows before page words and words, so no writer of another job can
 * hold what the batch before waits for while itself waiting on this batch's pages.
 */

import { absolutePath, storedPath } from "../jobs/warc-paths.js";
import type { CapturesRepository, SnapshotCard, SnapshotRow } from "../repository.js";
import { snapshotOut } from "../repository-sqljs/paths.js";
import { all, one, type Queryable, run, type Write } from "./rows.js";
import { addVocabulary } from "./search-write.js";
import { insertSnapshotsPg } from "./snapshot-writes.js";

/** Captures per `recordCaptures` call the indexer is asked to gather on PostgreSQL. */
const CAPTURE_BATCH = 500;
/**
 * A job's batches under way at once. Measured on 2 cores (pg-ingest bench, 10,000 generated
 * pages, three runs each): 294–299 pages/s one at a time, 502–522 with two.
 */
const CAPTURE_BATCHES_AT_ONCE = 2;

/** A batch of a job under way: its pages, and when its page rows are written and when it committed. */
interface Underway {
  groups: Set<string>;
  paged: Promise<void>;
  committed: Promise<void>;
}

function settled() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Awaited only by a later batch, if any: a failure is the caller's through its own promise.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

export function pgCaptures(pool: Queryable, write: Write, root: string): CapturesRepository {
  const count = async (sql: string, args: unknown[] = []) =>
    (await one<{ n: number }>(pool, sql, args))?.n ?? 0;
  /** Each job's batches under way, in the order they were handed over. */
  const underway = new Map<number, Underway[]>();
  const recordCaptures: CapturesRepository["recordCaptures"] = (jobId, captures, now) => {
    const queue = underway.get(jobId) ?? [];
    underway.set(jobId, queue);
    const before = queue.at(-1);
    const older = queue.slice(0, -1);
    const groups = new Set(captures.map((c) => c.normalized_url_group ?? c.url));
    const sharesPages = before !== undefined && [...groups].some((g) => before.groups.has(g));
    const paged = settled();
    const committed = settled();
    const mine: Underway = { groups, paged: paged.promise, committed: committed.promise };
    queue.push(mine);
    const written = write(async (client) => {
      for (const batch of older) await batch.committed;
      if (before) await (sharesPages ? before.committed : before.paged);
      const vocabulary = new Set<string>();
      const ids = await insertSnapshotsPg(
        client,
        captures.map((c) => ({ ...c, warc_path: storedPath(root, c.warc_path) })),
        now,
        { vocabulary, afterPageRows: paged.resolve },
      );
      if (before) await before.committed;
      await addVocabulary(client, vocabulary);
      await run(
        client,
        "UPDATE archive_jobs SET indexed_page_count = (SELECT COUNT(*) FROM snapshots WHERE job_id = ?), updated_at = ? WHERE id = ?",
        [jobId, now, jobId],
      );
      return ids;
    });
    const leave = () => {
      queue.splice(queue.indexOf(mine), 1);
      if (!queue.length && underway.get(jobId) === queue) underway.delete(jobId);
    };
    written.then(
      () => {
        // A batch without captures wrote no page rows, and is done all the same.
        paged.resolve();
        committed.resolve();
        leave();
      },
      (err) => {
        paged.reject(err);
        committed.reject(err);
        leave();
      },
    );
    return written;
  };
  return {
    recordCaptures,
    recordRedirects: async (jobId, list) => {
      if (!list.length) return;
      const col = <K extends keyof (typeof list)[number]>(k: K) => list.map((r) => r[k]);
      await write((client) =>
        run(
          client,
          `INSERT INTO capture_redirects (job_id, url, normalized_url_group, capture_timestamp, status_code, target_url, target_group)
             SELECT ?, * FROM unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[])
           ON CONFLICT DO NOTHING`,
          [
            jobId,
            col("url"),
            col("normalized_url_group"),
            col("capture_timestamp"),
            col("status_code"),
            col("target_url"),
            col("target_group"),
          ],
        ),
      );
    },
    // A batch is a few statements whatever its size: larger ones spare a commit and round trips each.
    captureBatchSize: CAPTURE_BATCH,
    captureBatchesAtOnce: CAPTURE_BATCHES_AT_ONCE,
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
            `SELECT s.id, s.title, so.code, so.name, so.name_fr, s.language, s.capture_timestamp AS ts, s.job_id, s.url, s.snippet, s.mime_type
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
