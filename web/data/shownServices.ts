// The services an offline search shows, with the records kept in memory while the index stays the
// same: typing brings up mostly the same services again, so each is read from IndexedDB once, and
// a result that did not change is the very same object, so the list keeps its card instead of
// drawing it anew. The buckets read are kept too (services share them: about 20 to a bucket).
// Only public directory records are kept, and only in memory.
import type { SearchIndex } from "../../shared/directory/search-index";
import type { RankedPosition } from "../../shared/directory/types";
import { database } from "./db";
import { receivedService } from "./deviceIndex";
import type { ResultItem } from "./directorySearch";
import type { SavedService } from "./savedService";
import { readServices, type ServiceBucketRecord } from "./serviceBuckets";

const MAX_KEPT = 500;
const MAX_BUCKETS_KEPT = 128;
let kept:
  | {
      index: SearchIndex;
      records: Map<string, SavedService>;
      items: Map<string, ResultItem>;
      buckets: Map<number, ServiceBucketRecord>;
    }
  | undefined;

export async function shownServices(
  index: SearchIndex,
  ranked: RankedPosition[],
  withDistance: boolean,
): Promise<ResultItem[]> {
  if (kept?.index !== index || kept.records.size > MAX_KEPT)
    kept = { index, records: new Map(), items: new Map(), buckets: new Map() };
  // Rows are only a shortcut to records: dropping them keeps the cards already drawn.
  if (kept.buckets.size > MAX_BUCKETS_KEPT) kept.buckets.clear();
  const { records, items, buckets } = kept;
  const ids = ranked.map((r) => index.ids[r.position]);
  const missing = ids.filter((id) => !records.has(id));
  if (missing.length > 0) {
    const read = await readServices(database(), missing, buckets);
    for (const id of missing) {
      const s = read.get(id) ?? receivedService(id);
      if (s) records.set(id, s);
    }
  }
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
