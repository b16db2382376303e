// The search index the device ranks with, held in memory between searches. Where it comes from,
// best first: the copy in memory while the saved directory is unchanged; the index saved with the
// last sync (searchIndex table: typed arrays copied in, not 10,000 records read and tokenised);
// while this tab's first sync is still running, the part received so far (its records are read from
// that sync's memory until it writes them); and on a device
// whose directory an older version of the app saved, an index built from those saved services.
// Whether the copy in memory is current is read from the directory's sync row (one small read, at
// most once a second: a burst of typing does not wait on IndexedDB at every key), so a sync or
// "clear data" in another tab is noticed too.
import type { SearchIndexBuilder } from "../../../shared/directory/index-builder";
import type { SearchIndex } from "../../../shared/directory/search-index";
import type { DirectoryService } from "../../../shared/directory/types";
import { DIRECTORY_SCOPE, database, type SyncStateRecord } from "../device/db";
import type { SavedService } from "./savedService";
import { allServices, type ServiceChanges } from "./serviceBuckets";

/** How long a check that the copy in memory is current holds. */
const CHECK_EVERY_MS = 1000;

let held: { key: string; index: SearchIndex; checkedAt: number } | undefined;
let loading: { key: string; promise: Promise<SearchIndex | null> } | undefined;
/** This tab's first sync while it runs: what it has received so far, and the index of it. */
let partial: { builder: SearchIndexBuilder; received: ServiceChanges; index?: SearchIndex } | undefined;

const keyOf = (row: SyncStateRecord | undefined) => `${row?.cursor ?? ""}|${row?.lastSuccessAt ?? ""}`;

/** This tab's first sync received another page: searches may use what it has so far. */
export function savedSoFar(builder: SearchIndexBuilder, received: ServiceChanges): void {
  partial = { builder, received };
}

/** A service this tab's running first sync has received, before it is written. */
export function receivedService(id: string): SavedService | undefined {
  const text = partial?.received.get(id);
  return text ? (JSON.parse(text) as SavedService) : undefined;
}

/** This tab's sync saved `index` with the sync row `row`: used from memory, not read back. */
export function syncedIndex(index: SearchIndex, row: SyncStateRecord): void {
  held = { key: keyOf(row), index, checkedAt: performance.now() };
  partial = undefined;
  loading = undefined;
}

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
  if (held && performance.now() - held.checkedAt < CHECK_EVERY_MS) return held.index;
  const row = await database().syncState.get(DIRECTORY_SCOPE);
  const key = keyOf(row);
  if (held?.key === key) {
    held.checkedAt = performance.now();
    return held.index;
  }
  if (partial && partial.builder.size > 0) {
    partial.index ??= partial.builder.build();
    return partial.index;
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

/** The saved directory was removed in this tab: nothing in memory may outlive it. */
export function forgetDeviceIndex(): void {
  held = undefined;
  loading = undefined;
  partial = undefined;
}
