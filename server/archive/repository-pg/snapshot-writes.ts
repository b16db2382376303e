/**
 * Writing a snapshot on PostgreSQL, as ../snapshots-store.ts does on sql.js: the row (a duplicate
 * when an earlier capture of its URL group had the same body) and its search entry, in the
 * caller's transaction.
 */
import type pg from "pg";
import { checkLengths } from "../limits.js";
import type { NewSnapshot } from "../repository.js";
import { writeSearchEntry } from "./search-write.js";

const COLUMNS = [
  "job_id",
  "source_id",
  "url",
  "normalized_url_group",
  "capture_timestamp",
  "mime_type",
  "status_code",
  "title",
  "snippet",
  "language",
  "capture_backend",
  "capture_fidelity",
  "provenance_json",
  "warc_path",
  "warc_record_id",
  "content_hash",
] as const;

/** Inserts one snapshot and its search entry; its words go into `vocabulary` when given (see writeSearchEntry). */
export async function insertSnapshotPg(
  client: pg.ClientBase,
  s: NewSnapshot,
  now: string,
  vocabulary?: Set<string>,
): Promise<number> {
  const { text, ...row } = s;
  checkLengths("snapshots", row);
  const dup =
    s.content_hash && s.normalized_url_group
      ? (
          await client.query(
            `SELECT 1 FROM snapshots WHERE normalized_url_group = $1 AND content_hash = $2
               AND capture_timestamp <= $3 LIMIT 1`,
            [s.normalized_url_group, s.content_hash, s.capture_timestamp],
          )
        ).rowCount
      : 0;
  const values = [...COLUMNS.map((c) => row[c]), dup ? 1 : 0, now, now];
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO snapshots (${COLUMNS.join(", ")}, is_duplicate, created_at, updated_at)
     VALUES (${values.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
    values,
  );
  const id = rows[0].id;
  await writeSearchEntry(client, id, { title: row.title, url: row.url, text }, vocabulary);
  return id;
}
