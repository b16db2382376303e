/**
 * Writing snapshots on PostgreSQL, as ../snapshots-store.ts does on sql.js: the rows (a duplicate
 * when an earlier capture of its URL group had the same body) and their search entries, in the
 * caller's transaction. A batch is one insert however many captures it holds.
 */
import type pg from "pg";
import { checkLengths } from "../limits.js";
import type { NewSnapshot } from "../repository.js";
import { writeSearchEntries } from "./search-write.js";

/** The written columns with their PostgreSQL types (each travels as one array). */
const COLUMNS = [
  ["job_id", "bigint"],
  ["source_id", "bigint"],
  ["url", "text"],
  ["normalized_url_group", "text"],
  ["capture_timestamp", "text"],
  ["mime_type", "text"],
  ["status_code", "integer"],
  ["title", "text"],
  ["snippet", "text"],
  ["language", "text"],
  ["capture_backend", "text"],
  ["capture_fidelity", "text"],
  ["provenance_json", "text"],
  ["warc_path", "text"],
  ["warc_record_id", "text"],
  ["content_hash", "text"],
] as const;

const names = COLUMNS.map(([c]) => c).join(", ");
const arrays = COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
const at = COLUMNS.length;

/**
 * A capture is a duplicate when a capture of its group with the same body was taken at or before
 * it: one already written, or one earlier in the batch (as inserting them one by one found).
 * Ids come from the identity in the batch's order (`ord`).
 */
const INSERT = `WITH b AS (SELECT * FROM unnest(${arrays}) WITH ORDINALITY AS b(${names}, ord))
INSERT INTO snapshots (${names}, is_duplicate, created_at, updated_at)
SELECT ${names},
  CASE WHEN b.content_hash <> '' AND b.normalized_url_group <> '' AND (
    EXISTS (SELECT 1 FROM snapshots s WHERE s.normalized_url_group = b.normalized_url_group
              AND s.content_hash = b.content_hash AND s.capture_timestamp <= b.capture_timestamp)
    OR EXISTS (SELECT 1 FROM b e WHERE e.ord < b.ord AND e.normalized_url_group = b.normalized_url_group
              AND e.content_hash = b.content_hash AND e.capture_timestamp <= b.capture_timestamp))
  THEN 1 ELSE 0 END, $${at + 1}, $${at + 1}
  FROM b ORDER BY b.ord RETURNING id`;

/**
 * Inserts a batch of snapshots and their search entries; returns their ids in order. Their words
 * go into `vocabulary` when given; `afterPageRows` is called once their page rows are written
 * (see writeSearchEntries).
 */
export async function insertSnapshotsPg(
  client: pg.ClientBase,
  snapshots: readonly NewSnapshot[],
  now: string,
  entries: { vocabulary?: Set<string>; afterPageRows?: () => void } = {},
): Promise<number[]> {
  if (!snapshots.length) return [];
  for (const { text: _text, ...row } of snapshots) checkLengths("snapshots", row);
  const { rows } = await client.query<{ id: string | number }>(INSERT, [
    ...COLUMNS.map(([c]) => snapshots.map((s) => s[c] ?? null)),
    now,
  ]);
  // Identity values are drawn in the insert's order, so the ascending ids follow the batch.
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await writeSearchEntries(
    client,
    snapshots.map((s, i) => ({ id: ids[i], title: s.title, url: s.url, text: s.text })),
    entries,
  );
  return ids;
}
