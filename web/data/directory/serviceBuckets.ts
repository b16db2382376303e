// How the device stores directory services: in a fixed number of buckets chosen by a hash of the
// service id, each bucket one IndexedDB row holding its services as UTF-8 JSON side by side. One
// row per service cost Chromium about 120 bytes and one round trip each (10,000 of them at a first
// sync); a few hundred rows are written in one go, and a row of similar texts compresses well.
// A service is still found by its id alone: its bucket, then its place in that row. An incremental
// sync rewrites only the buckets its changed services fall in.
import type { EntityTable, Table } from "dexie";
import type { AppDatabase } from "../device/db";
import type { SavedService } from "./savedService";

/** Buckets the directory is spread over (about 20 services each for 10,000). */
export const BUCKETS = 512;

export interface ServiceBucketRecord {
  bucket: number;
  /** Service ids, in the order of their texts in `data`. */
  ids: string[];
  /** Where each service's text ends in `data` (bytes). */
  ends: Uint32Array;
  /** The services' JSON texts, UTF-8, one after the other. */
  data: Uint8Array;
  /** Ids merged into this bucket's services as duplicates (indexed: old links still find them). */
  mergedIds: string[];
}

/** A service's saved JSON text (savedService.ts), or null once it is deleted. */
export type ServiceChanges = Map<string, string | null>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** FNV-1a of the id: the same bucket on every device and version. */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < id.length; k++) hash = Math.imul(hash ^ id.charCodeAt(k), 0x01000193) >>> 0;
  return hash % BUCKETS;
}

/** The bucket's services as id → JSON text. */
export function textsOf(row: ServiceBucketRecord): Map<string, string> {
  const texts = new Map<string, string>();
  row.ids.forEach((id, k) => {
    texts.set(id, decoder.decode(row.data.subarray(k === 0 ? 0 : row.ends[k - 1], row.ends[k])));
  });
  return texts;
}

/** One service of a bucket, or undefined when the bucket does not hold it. */
export function serviceIn(row: ServiceBucketRecord, id: string): SavedService | undefined {
  const k = row.ids.indexOf(id);
  if (k < 0) return undefined;
  return JSON.parse(decoder.decode(row.data.subarray(k === 0 ? 0 : row.ends[k - 1], row.ends[k])));
}

export function bucketRow(bucket: number, texts: Map<string, string>): ServiceBucketRecord {
  const ids = [...texts.keys()];
  // Encoded into one buffer (at most 3 bytes per UTF-16 unit): no small array per service.
  let room = 0;
  for (const text of texts.values()) room += text.length * 3;
  const buffer = new Uint8Array(room);
  const ends = new Uint32Array(ids.length);
  let size = 0;
  ids.forEach((id, k) => {
    size += encoder.encodeInto(texts.get(id) as string, buffer.subarray(size)).written;
    ends[k] = size;
  });
  const data = buffer.slice(0, size);
  const mergedIds: string[] = [];
  for (const text of texts.values())
    if (text.includes('"mergedIds"')) mergedIds.push(...((JSON.parse(text) as SavedService).mergedIds ?? []));
  return { bucket, ids, ends, data, mergedIds };
}

/**
 * The services with these ids that the device holds. Rows read are added to `rows` when given, and
 * taken from it: the caller keeps them while the saved directory stays the same.
 */
export async function readServices(
  db: AppDatabase,
  ids: readonly string[],
  rows: Map<number, ServiceBucketRecord> = new Map(),
): Promise<Map<string, SavedService>> {
  const unread = [...new Set(ids.map(bucketOf))].filter((b) => !rows.has(b));
  if (unread.length > 0)
    for (const row of await db.serviceBuckets.bulkGet(unread)) if (row) rows.set(row.bucket, row);
  const found = new Map<string, SavedService>();
  for (const id of ids) {
    const row = rows.get(bucketOf(id));
    const service = row && serviceIn(row, id);
    if (service) found.set(id, service);
  }
  return found;
}

/** The service an id was merged into as a duplicate, if the device holds it. */
export async function findMergedInto(db: AppDatabase, id: string): Promise<SavedService | undefined> {
  const row = await db.serviceBuckets.where("mergedIds").equals(id).first();
  if (!row) return undefined;
  for (const text of textsOf(row).values()) {
    const service = JSON.parse(text) as SavedService;
    if (service.mergedIds?.includes(id)) return service;
  }
  return undefined;
}

/** Every service the device holds (as saved, whatever version saved it). */
export async function allServices(db: AppDatabase): Promise<unknown[]> {
  const rows = await db.serviceBuckets.toArray();
  return rows.flatMap((r) => [...textsOf(r).values()].map((t) => JSON.parse(t)));
}

/** How many services the device holds. */
export async function countServices(db: AppDatabase): Promise<number> {
  let count = 0;
  await db.serviceBuckets.each((row) => {
    count += row.ids.length;
  });
  return count;
}

/**
 * Applies a sync's changes inside the caller's transaction. `replaceAll` (a first sync) replaces
 * the whole directory; otherwise only the buckets the changes fall in are read and rewritten.
 */
export async function writeServiceChanges(
  table: Table<ServiceBucketRecord, number> | EntityTable<ServiceBucketRecord, "bucket">,
  changes: ServiceChanges,
  replaceAll: boolean,
): Promise<void> {
  const touched = new Map<number, Map<string, string>>();
  if (!replaceAll) {
    const buckets = [...new Set([...changes.keys()].map(bucketOf))];
    const rows = await table.bulkGet(buckets);
    buckets.forEach((b, k) => {
      const row = rows[k];
      touched.set(b, row ? textsOf(row) : new Map());
    });
  } else await table.clear();
  for (const [id, text] of changes) {
    const b = bucketOf(id);
    let texts = touched.get(b);
    if (!texts) {
      texts = new Map();
      touched.set(b, texts);
    }
    if (text === null) texts.delete(id);
    else texts.set(id, text);
  }
  const emptied = [...touched].filter(([, t]) => t.size === 0).map(([b]) => b);
  if (emptied.length > 0) await table.bulkDelete(emptied);
  await table.bulkPut([...touched].filter(([, t]) => t.size > 0).map(([b, t]) => bucketRow(b, t)));
}

/** Each saved record's text as the old one-row-per-service table held it (for the version 5 upgrade). */
export function changesFromRows(rows: ReadonlyArray<{ id: string }>): ServiceChanges {
  return new Map(rows.map((r) => [r.id, JSON.stringify(r)]));
}
