// The search index the device ranks with, held in memory between searches. Where it comes from,
// best first: the copy in memory while the saved directory is unchanged; the index saved with the
// last sync (searchIndex table: typed arrays copied in, not 10,000 records read and tokenised);
// while a first sync is still running (in the sync worker), the part received so far, asked of the
// worker (its records too, until it writes them); and on a device
// whose directory an older version of the app saved, an index built from those saved services.
// Whether the copy in memory is current is read from the directory's sync row (one small read, at
// most once a second: a burst of typing does not wait on IndexedDB at every key), so a sync or
// "clear data" in another tab is noticed too.
import type { SearchIndex } from "../../../shared/directory/search-index";
import type { DirectoryService } from "../../../shared/directory/types";
import { DIRECTORY_SCOPE, database, type SyncStateRecord } from "../device/db";
import { firstSyncSoFar, firstSyncsEnded, receivingFirstSync } from "./firstSyncSoFar";
import { allServices } from "./serviceBuckets";

/** How long a check that the copy in memory is current holds. */
const CHECK_EVERY_MS = 1000;

let held: { key: string; index: SearchIndex; checkedAt: number } | undefined;
let loading: { key: string; promise: Promise<SearchIndex | null> } | undefined;
/** When the copy held was saved (its sync's end), for pages to say how old their answers are. */
let heldSavedAt: string | null = null;

// A first sync's end (firstSyncSoFar.ts) is part of the key: what was held before it is stale.
const keyOf = (row: SyncStateRecord | undefined) =>
  `${firstSyncsEnded()}|${row?.cursor ?? ""}|${row?.lastSuccessAt ?? ""}`;
const heldSinceLastFirstSync = () => held?.key.startsWith(`${firstSyncsEnded()}|`) === true;

async function load(row: SyncStateRecord | undefined): Promise<SearchIndex | null> {
  const { indexFormat, unpackSearchIndex } = await import("../../../shared/directory/packed-index");
  const db = database();
  if (row?.cursor && row.indexFormat === indexFormat()) {
    const saved = await db.searchIndex.get(DIRECTORY_SCOPE);
    const index = saved?.cursor === row.cursor ? unpackSearchIndex(saved.index) : null;
    if (index) return index;
  }
  // Services as an older version of the app saved them (whole records), until the next sync.
  const services = (await allServices(db)) as DirectoryService[];
  if (services.length === 0 || !services.every((s) => "searchTerms" in s)) return null;
  const { buildSearchIndex } = await import("../../../shared/directory/index-builder");
  return buildSearchIndex(services);
}

/** The index to rank with, or null when the device holds no directory yet. */
export async function deviceIndex(): Promise<SearchIndex | null> {
  if (held && heldSinceLastFirstSync() && performance.now() - held.checkedAt < CHECK_EVERY_MS)
    return held.index;
  const row = await database().syncState.get(DIRECTORY_SCOPE);
  const key = keyOf(row);
  heldSavedAt = row?.lastSuccessAt ?? null;
  if (held?.key === key) {
    held.checkedAt = performance.now();
    return held.index;
  }
  const partial = firstSyncSoFar();
  if (partial && partial.size > 0) {
    const soFar = await partial.index();
    if (soFar) {
      heldSavedAt = null; // a first sync still under way: not saved yet
      return soFar;
    }
  }
  if (loading?.key !== key) loading = { key, promise: load(row) };
  const { promise } = loading;
  const index = await promise;
  // Kept unless something newer (this tab's sync) replaced it meanwhile.
  if (loading?.promise === promise) {
    loading = undefined;
    if (index) held = { key, index, checkedAt: performance.now() };
  }
  return index;
}

/** When the copy the last deviceIndex() answered with was saved; null while a first sync runs. */
export const deviceCopySavedAt = (): string | null => heldSavedAt;

/** The saved directory was removed in this tab: nothing in memory may outlive it. */
export function forgetDeviceIndex(): void {
  held = undefined;
  loading = undefined;
  receivingFirstSync(undefined);
}
