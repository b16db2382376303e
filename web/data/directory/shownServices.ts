// The services an offline search shows, with the records kept in memory while the index stays the
// same: typing brings up mostly the same services again, so each is read from IndexedDB once, and
// a result that did not change is the very same object, so the list keeps its card instead of
// drawing it anew. The bucket rows read are kept too (services share them: about 20 to a bucket),
// and after the first results every other bucket is read while the page is idle: a read from
// IndexedDB costs 5–60 ms on this machine, more than ranking and drawing together, so the next
// keystrokes find every record in memory. The rows stay packed (UTF-8, about 400 bytes a service;
// 4 MB for 10,000) and are only read ahead up to a budget. Only public directory records are kept,
// and only in memory (a kiosk reset loads a new document).
import type { SearchIndex } from "../../../shared/directory/search-index";
import type { RankedPosition } from "../../../shared/directory/types";
import { database } from "../device/db";
import { receivedServices } from "./firstSyncSoFar";
import type { SavedService } from "./savedService";
import type { ResultItem } from "./search";
import { BUCKETS, readServices, type ServiceBucketRecord } from "./serviceBuckets";

const MAX_KEPT = 500;
/** Rows read ahead at most, in bytes of service text: a very large directory reads on demand. */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;
const READ_AHEAD_CHUNK = 16;

let kept:
  | {
      index: SearchIndex;
      records: Map<string, SavedService>;
      items: Map<string, ResultItem>;
      buckets: Map<number, ServiceBucketRecord>;
      readingAhead: boolean;
    }
  | undefined;

const bytesOf = (buckets: Map<number, ServiceBucketRecord>) => {
  let bytes = 0;
  for (const row of buckets.values()) bytes += row.data.byteLength;
  return bytes;
};

const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 500 }) : setTimeout(fn, 20);

/** Reads the buckets not yet in memory, a chunk per idle moment, while the index stays the same. */
function readAhead(index: SearchIndex): void {
  const holder = kept;
  if (!holder || holder.readingAhead) return;
  holder.readingAhead = true;
  const step = () =>
    whenIdle(() => {
      if (kept !== holder || holder.index !== index || bytesOf(holder.buckets) > READ_AHEAD_BYTES) return;
      const unread: number[] = [];
      for (let b = 0; b < BUCKETS && unread.length < READ_AHEAD_CHUNK; b++)
        if (!holder.buckets.has(b)) unread.push(b);
      if (unread.length === 0) return;
      database()
        .serviceBuckets.bulkGet(unread)
        .then((rows) => {
          unread.forEach((bucket, k) => {
            // An empty bucket is remembered as empty, so it is not asked for again.
            const row = rows[k] ?? {
              bucket,
              ids: [],
              ends: new Uint32Array(0),
              data: new Uint8Array(0),
              mergedIds: [],
            };
            if (!holder.buckets.has(bucket)) holder.buckets.set(bucket, row);
          });
          step();
        })
        .catch(() => undefined); // reads on demand still work
    });
  step();
}

export async function shownServices(
  index: SearchIndex,
  ranked: RankedPosition[],
  withDistance: boolean,
): Promise<ResultItem[]> {
  if (kept?.index !== index)
    kept = { index, records: new Map(), items: new Map(), buckets: new Map(), readingAhead: false };
  // Records are only a shortcut to the rows: dropping them keeps the rows and the cards drawn.
  if (kept.records.size > MAX_KEPT) {
    kept.records = new Map();
    kept.items = new Map();
  }
  const { records, items, buckets } = kept;
  const ids = ranked.map((r) => index.ids[r.position]);
  const missing = ids.filter((id) => !records.has(id));
  if (missing.length > 0) {
    const read = await readServices(database(), missing, buckets);
    // While a first sync runs, what it received is not written yet: the sync worker has it.
    const received = await receivedServices(missing.filter((id) => !read.has(id)));
    for (const id of missing) {
      const s = read.get(id) ?? received.get(id);
      if (s) records.set(id, s);
    }
  }
  readAhead(index);
  return ranked.flatMap((r, k) => {
    const service = records.get(ids[k]);
    if (!service) return []; // removed by a sync in another tab since the index was read
    const distance = withDistance ? { distanceKm: r.distanceKm } : {};
    const key = `${ids[k]}|${r.openNow}|${r.suggestion}|${withDistance ? r.distanceKm : ""}`;
    let item = items.get(key);
    if (!item) {
      item = { ...service, openNow: r.openNow, suggestion: r.suggestion, ...distance };
      items.set(key, item);
    }
    return [item];
  });
}
