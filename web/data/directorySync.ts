// Incremental directory sync: GET /api/v1/services?updated_since=<cursor> pages through every
// service changed since the last sync (tombstones for deleted ones), oldest first, and applies
// each page to Dexie in one transaction while the next page downloads. The cursor only advances
// once every page is stored.
import type { DirectoryService, Tombstone } from "../../shared/directory/types";
import { type AppDatabase, database, type LocationRecord } from "./db";

export const DIRECTORY_SCOPE = "directory";
const PAGE_SIZE = 500;
const EPOCH = "1970-01-01T00:00:00.000Z";

interface ListPage {
  data: Array<DirectoryService | Tombstone>;
  meta: { nextCursor: string | null; serverTime: string; total: number };
}

export interface SyncOutcome {
  changed: number;
  deleted: number;
  cursor: string;
}

const isTombstone = (r: DirectoryService | Tombstone): r is Tombstone => "deleted" in r && r.deleted === true;

function locationsOf(service: DirectoryService): LocationRecord[] {
  return service.locations.map((l) => ({
    id: `${service.id}:${l.id}`,
    serviceId: service.id,
    lat: l.lat,
    lng: l.lng,
    city: l.city,
    province: l.province,
  }));
}

async function fetchPage(since: string, offset: number, signal?: AbortSignal): Promise<ListPage> {
  const url = `/api/v1/services?updated_since=${encodeURIComponent(since)}&limit=${PAGE_SIZE}&offset=${offset}`;
  const res = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/v1/services answered ${res.status}`);
  const body = (await res.json()) as ListPage;
  if (!Array.isArray(body?.data) || typeof body?.meta?.serverTime !== "string") {
    throw new Error("GET /api/v1/services: unexpected body");
  }
  return body;
}

async function applyPage(
  db: AppDatabase,
  records: ListPage["data"],
  freshCopy: boolean,
): Promise<{ changed: number; deleted: number }> {
  const gone = records.filter(isTombstone).map((t) => t.id);
  const live = records.filter((r): r is DirectoryService => !isTombstone(r));
  await db.transaction("rw", db.services, db.locations, db.organizations, async () => {
    if (freshCopy) {
      // First sync into empty tables: nothing to replace or clean up, so only the puts remain.
      await db.services.bulkPut(live);
      await db.locations.bulkPut(live.flatMap(locationsOf));
      await db.organizations.bulkPut(live.map((s) => ({ id: s.organizationId, name: s.organizationName })));
      return;
    }
    const touched = [...gone, ...live.map((s) => s.id)];
    const orgsBefore = (await db.services.bulkGet(touched)).flatMap((s) => (s ? [s.organizationId] : []));
    await db.locations.where("serviceId").anyOf(touched).delete();
    await db.services.bulkDelete(gone);
    await db.services.bulkPut(live);
    await db.locations.bulkPut(live.flatMap(locationsOf));
    await db.organizations.bulkPut(live.map((s) => ({ id: s.organizationId, name: s.organizationName })));
    // An organization whose last service went away goes too.
    for (const orgId of new Set(orgsBefore)) {
      if ((await db.services.where("organizationId").equals(orgId).count()) === 0)
        await db.organizations.delete(orgId);
    }
  });
  return { changed: live.length, deleted: gone.length };
}

/** Brings the device's copy of the directory up to date; throws if the server cannot be read. */
export async function syncDirectory(signal?: AbortSignal): Promise<SyncOutcome> {
  const db = database();
  const since = (await db.syncState.get(DIRECTORY_SCOPE))?.cursor ?? EPOCH;
  // Empty tables (first sync, or after "clear data"): pages only add, which is much cheaper.
  const freshCopy = since === EPOCH && (await db.services.count()) === 0;
  let cursor: string | undefined;
  const total = { changed: 0, deleted: 0 };
  try {
    let pending: Promise<ListPage> | null = fetchPage(since, 0, signal);
    while (pending) {
      const page: ListPage = await pending;
      cursor ??= page.meta.serverTime; // the first page's time: nothing changed later is skipped
      // Download the next page while this one is written to IndexedDB.
      const next = page.meta.nextCursor;
      pending = next === null ? null : fetchPage(since, Number(next), signal);
      pending?.catch(() => undefined); // a failure is rethrown by the await above on the next turn
      const applied = await applyPage(db, page.data, freshCopy);
      total.changed += applied.changed;
      total.deleted += applied.deleted;
    }
  } catch (error) {
    await db.syncState.put({
      scope: DIRECTORY_SCOPE,
      cursor: since === EPOCH ? null : since,
      lastSuccessAt: (await db.syncState.get(DIRECTORY_SCOPE))?.lastSuccessAt ?? null,
      lastError: String(error),
    });
    throw error;
  }
  const done = cursor ?? since;
  await db.syncState.put({
    scope: DIRECTORY_SCOPE,
    cursor: done,
    lastSuccessAt: new Date().toISOString(),
    lastError: null,
  });
  return { ...total, cursor: done };
}
