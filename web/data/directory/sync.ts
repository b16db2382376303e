// Incremental directory sync: GET /api/v1/services?changed_after=<cursor> pages through every
// service changed after the server change number the device last reached (tombstones for deleted
// ones). Each page is indexed as it arrives (from scratch on a first sync, else from the index saved
// last time) and kept in memory as the device saves it; at the end the changed services, the index
// and the new cursor are written in one transaction, so the three always match. A sync cut short
// keeps the pages it received whole, written the same way with the cursor where they end, so a
// phone that never holds a connection long enough for the whole directory still gathers it over
// several tries, searchable meanwhile. While a first sync runs, the tab searches what it has
// received so far (onReceived: the sync worker hands it to the page on demand, device/syncWorker.ts).
// Writes go through the relaxed connection: a write lost in a crash is fetched again, as the cursor
// moves with it. Runs in the sync worker, off the page's thread: parsing, indexing and writing
// 10,000 services would otherwise hold up the page for seconds on a phone.
import type { SearchIndexBuilder } from "../../../shared/directory/index-builder";
import type { DirectoryService, Tombstone } from "../../../shared/directory/types";
import { apiRequest } from "../api/client";
import { type AppDatabase, bulkDatabase, DIRECTORY_SCOPE, type SyncStateRecord } from "../device/db";
import { toSaved } from "./savedService";
import { type ServiceChanges, writeServiceChanges } from "./serviceBuckets";

export { DIRECTORY_SCOPE };

const PAGE_SIZE = 500;

interface ListPage {
  data: Array<DirectoryService | Tombstone>;
  meta: { nextCursor: string | null; lastChange: number };
}

export interface DirectorySyncOptions {
  signal?: AbortSignal;
  /** A first sync received another page: what it holds so far (searchable before it is written). */
  onReceived?: (builder: SearchIndexBuilder, received: ServiceChanges) => void;
}

export interface SyncOutcome {
  changed: number;
  deleted: number;
  cursor: string;
}

const isTombstone = (r: DirectoryService | Tombstone): r is Tombstone => "deleted" in r && r.deleted === true;

function fetchPage(after: number, signal?: AbortSignal): Promise<ListPage> {
  const url = `/api/v1/services?changed_after=${after}&limit=${PAGE_SIZE}`;
  return apiRequest<ListPage>(url, {
    signal,
    check: (body) => Array.isArray(body?.data) && typeof body?.meta?.lastChange === "number",
  });
}

/** After the saved change number, when the index saved with it is one this version reads; else from 0. */
function startingPoint(row: SyncStateRecord | undefined, format: string): number {
  const n = Number(row?.cursor);
  return row?.cursor && Number.isSafeInteger(n) && n > 0 && row.indexFormat === format ? n : 0;
}

/** The index saved with the last sync, ready to take this sync's changes (null if it is not there). */
async function savedIndexBuilder(db: AppDatabase, cursor: string): Promise<SearchIndexBuilder | null> {
  const [{ SearchIndexBuilder }, { unpackSearchIndex }] = await Promise.all([
    import("../../../shared/directory/index-builder"),
    import("../../../shared/directory/packed-index"),
  ]);
  const saved = await db.searchIndex.get(DIRECTORY_SCOPE);
  const index = saved?.cursor === cursor ? unpackSearchIndex(saved.index) : null;
  return index ? SearchIndexBuilder.from(index) : null;
}

/** Brings the device's copy of the directory up to date; throws if the server cannot be read. */
export async function syncDirectory({ signal, onReceived }: DirectorySyncOptions = {}): Promise<SyncOutcome> {
  const { indexFormat } = await import("../../../shared/directory/packed-index");
  const db = bulkDatabase();
  const row = await db.syncState.get(DIRECTORY_SCOPE);
  const after = startingPoint(row, indexFormat());
  let builder: SearchIndexBuilder | null | undefined; // made when the first change arrives
  let cursor = after;
  // Where the pages received whole so far end: the next page's changed_after.
  let receivedUpTo = after;
  const total = { changed: 0, deleted: 0 };
  const changes: ServiceChanges = new Map();
  try {
    let pending: Promise<ListPage> | null = fetchPage(after, signal);
    while (pending) {
      const page: ListPage = await pending;
      // Download the next page while this one is indexed.
      const next = page.meta.nextCursor;
      const pageEnd = next === null ? null : Number(next);
      pending = next === null ? null : fetchPage(Number(next), signal);
      pending?.catch(() => undefined); // a failure is rethrown by the await above on the next turn
      cursor = page.meta.lastChange;
      if (page.data.length === 0) continue;
      if (!builder) {
        const { SearchIndexBuilder } = await import("../../../shared/directory/index-builder");
        builder = after === 0 ? new SearchIndexBuilder() : await savedIndexBuilder(db, String(after));
        // The saved index is gone (it should never be): the next sync reads everything again.
        if (!builder) throw new Error("the saved search index is missing");
      }
      const gone = page.data.filter(isTombstone).map((t) => t.id);
      const live = page.data.filter((r): r is DirectoryService => !isTombstone(r));
      for (const id of gone) changes.set(id, null);
      for (const s of live) changes.set(s.id, JSON.stringify(toSaved(s)));
      builder.remove(gone).add(live);
      // Searchable before the sync ends, over what it has received so far.
      if (after === 0) onReceived?.(builder, changes);
      total.changed += live.length;
      total.deleted += gone.length;
      if (pageEnd !== null && Number.isSafeInteger(pageEnd)) receivedUpTo = pageEnd;
    }
  } catch (error) {
    const failed = { lastSuccessAt: row?.lastSuccessAt ?? null, lastError: String(error) };
    if (builder && receivedUpTo > after) {
      // Whole pages arrived: kept, and the next sync goes on from where they end.
      await saveChanges(db, changes, builder, after, {
        scope: DIRECTORY_SCOPE,
        cursor: String(receivedUpTo),
        indexFormat: indexFormat(),
        ...failed,
      });
      throw error;
    }
    await db.syncState.put({
      scope: DIRECTORY_SCOPE,
      cursor: row?.cursor ?? null,
      ...failed,
      // Without its index the cursor cannot be continued from: the next sync starts over.
      indexFormat: builder === null ? undefined : row?.indexFormat,
    });
    throw error;
  }
  const reached = String(cursor);
  const done: SyncStateRecord = {
    scope: DIRECTORY_SCOPE,
    cursor: reached,
    lastSuccessAt: new Date().toISOString(),
    lastError: null,
    indexFormat: indexFormat(),
  };
  if (!builder) {
    await db.syncState.put(done);
    return { ...total, cursor: reached };
  }
  await saveChanges(db, changes, builder, after, done);
  return { ...total, cursor: reached };
}

/** The changed services, the index and the sync state at `state.cursor`, in one transaction. */
async function saveChanges(
  db: AppDatabase,
  changes: ServiceChanges,
  builder: SearchIndexBuilder,
  after: number,
  state: SyncStateRecord,
): Promise<void> {
  const { packSearchIndex } = await import("../../../shared/directory/packed-index");
  const index = builder.build();
  await db.transaction("rw", db.serviceBuckets, db.searchIndex, db.syncState, async () => {
    await writeServiceChanges(db.serviceBuckets, changes, after === 0);
    await db.searchIndex.put({
      scope: DIRECTORY_SCOPE,
      cursor: state.cursor!,
      index: packSearchIndex(index),
    });
    await db.syncState.put(state);
  });
}
