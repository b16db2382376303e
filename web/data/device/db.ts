/**
 * The app's offline database (IndexedDB through Dexie). The schema lives here and nowhere else.
 *
 * What is stored where, and why:
 * - serviceBuckets (since version 5) Directory services as their pages show them (savedService.ts:
 *                  names and descriptions in EN and FR, schedule, phones, places), for results and
 *                  service pages offline, spread over 512 rows by a hash of their id
 *                  (serviceBuckets.ts). (Versions 1–4 kept one row per service in "services";
 *                  before version 4, exactly as GET /api/v1/services returned them.)
 * - searchIndex    (since version 4) The shared ranking's index of those services, one row
 *                  ("directory") with the sync cursor it was built at, so an offline search loads
 *                  it rather than reading and indexing every service (deviceIndex.ts). Built from
 *                  the services only: nothing anyone searched for is in it.
 * - hospitals      Every hospital from GET /api/hospitals?include=latest (facts and reporting
 *                  methodology), saved with the directory's sync (waittimes/sync.ts), so the wait-times list,
 *                  a hospital's methodology and the compare brief work offline on first use.
 * - latestWaits    The latest reported value per hospital, with when it was observed, saved by the same
 *                  sync, so an offline reader sees the figure and how old it is.
 * - trendSeries    (since version 2) The trend series a reader last viewed, one row per hospital and
 *                  period, exactly as GET /api/hospitals/{id}/trends returned it, with when it was
 *                  fetched and last viewed, so a chart seen online is shown offline "as of" its fetch
 *                  time. Only the 30 most recently viewed series are kept (savedTrends.ts prunes).
 * - syncState      One row per sync scope ("directory", "waits"): the cursor (for the directory,
 *                  the server's change number), when it last succeeded, and the last error, so sync
 *                  resumes where it stopped. (Before version 3, hospitals were saved per province
 *                  under "hospitals:ON" and so on; before version 4, the directory's cursor was a time.)
 * - outbox         Writes made offline, in order, replayed on reconnect and at start-up; a row is
 *                  deleted only after the server accepted it, so none is dropped. Written with
 *                  strict durability (on disk before the write is reported done); the directory
 *                  sync writes through a relaxed connection (bulkDatabase), as a lost write there
 *                  is only fetched again.
 * - partnerCopy    (since version 6) One row ("partner"), only for a partner who signed in with
 *                  "keep me signed in" on a device not in kiosk mode: who is signed in (id, email,
 *                  name, role, organization) and the organization's services as GET
 *                  /api/v1/partner/services last returned them, with when, so the dashboard and
 *                  editor open offline after a reload (partner/deviceCopy.ts). Deleted at sign-out,
 *                  when the session ends, and at a sign-in that is not kept.
 * (Before version 4, "organizations" and "locations" held rows derived from the services; unread.)
 *
 * Nothing here is secret: tokens and session ids are never written to IndexedDB.
 */
import Dexie, { type EntityTable, type Table } from "dexie";
import type { PackedSearchIndex } from "../../../shared/directory/packed-index";
import type { DirectoryService } from "../../../shared/directory/types";
import type { Hospital, TrendPeriod } from "../../../shared/waittimes/schemas";
import { changesFromRows, type ServiceBucketRecord, writeServiceChanges } from "../directory/serviceBuckets";
import type { Trends } from "../waittimes/trends";
import { DB_NAME } from "./dbName";

export interface SearchIndexRecord {
  scope: string;
  /** The directory sync cursor the index was built at (it then matches the saved services). */
  cursor: string;
  index: PackedSearchIndex;
}

export type HospitalRecord = Hospital & { fetchedAt: string };

export interface LatestWaitRecord {
  hospitalId: string;
  value: number | null;
  unit: string;
  observedAt: string | null;
  fetchedAt: string;
}

export interface TrendSeriesRecord {
  hospitalId: string;
  period: TrendPeriod;
  trends: Trends;
  /** When the server answered with this series (the "as of" shown offline). */
  fetchedAt: string;
  /** When a reader last opened it, for keeping only the recently viewed ones. */
  viewedAt: string;
}

export interface SyncStateRecord {
  scope: string;
  cursor: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  /** Directory only: the format of the search index saved with this cursor (packed-index.ts). */
  indexFormat?: string;
}

export interface OutboxRecord {
  seq?: number;
  createdAt: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body: unknown;
  attempts: number;
  lastError: string | null;
  /** Set when the server refused the write for good (a 4xx): kept for the reader, not resent. */
  rejectedAt: string | null;
  /** What the write is about, for showing its status (the partner dashboard's service edits). */
  subject?: {
    kind: "service-edit" | "service-create" | "service-retire";
    serviceId: string | null;
    name: string;
    /** The version the write was based on (null for a new service). */
    baseVersion: number | null;
  };
  /** Send the session's CSRF token with it: read from the tab's memory at send time, never stored here. */
  csrf?: boolean;
  /** The account (user id) that made a csrf write: only that account's session sends it. */
  account?: string | null;
  /** Extra request headers that are not secret, e.g. If-Match on a retire. */
  headers?: Record<string, string>;
  /** The server's answer when it refused the write (a 409 or 412 carries the current record in details). */
  refusal?: { status: number; error: string | null; details: unknown };
}

export interface PartnerCopyRecord {
  key: "partner";
  user: {
    id: string;
    email: string;
    name: string | null;
    role: "admin" | "partner";
    organizationId: string | null;
  };
  /** The organization's services as last loaded (null until a list was loaded). */
  services: DirectoryService[] | null;
  /** When the server answered with that list. */
  savedAt: string | null;
}

export type AppDatabase = Dexie & {
  serviceBuckets: EntityTable<ServiceBucketRecord, "bucket">;
  searchIndex: EntityTable<SearchIndexRecord, "scope">;
  hospitals: EntityTable<HospitalRecord, "id">;
  latestWaits: EntityTable<LatestWaitRecord, "hospitalId">;
  trendSeries: Table<TrendSeriesRecord, [string, TrendPeriod]>;
  syncState: EntityTable<SyncStateRecord, "scope">;
  outbox: EntityTable<OutboxRecord, "seq">;
  partnerCopy: EntityTable<PartnerCopyRecord, "key">;
};

export { DB_NAME };
/** Sync scope of the directory (directory/sync.ts). */
export const DIRECTORY_SCOPE = "directory";
/** Sync scope of the hospital registry and latest figures (waittimes/sync.ts). */
export const WAITS_SCOPE = "waits";
const LEGACY_HOSPITAL_SCOPE = "hospitals:";

/** Opens (creating or upgrading) the database; a name other than DB_NAME is for tests. */
export function openDatabase(name = DB_NAME, durability: "strict" | "relaxed" = "strict"): AppDatabase {
  const db = new Dexie(name, { chromeTransactionDurability: durability }) as AppDatabase;
  db.version(1).stores({
    services: "id, organizationId, category, updatedAt",
    organizations: "id, name",
    locations: "id, serviceId, city",
    hospitals: "id, province, [province+name]",
    latestWaits: "hospitalId, observedAt",
    syncState: "scope",
    outbox: "++seq, createdAt",
  });
  // Version 2 only adds the viewed trend series; existing tables and their rows are unchanged.
  db.version(2).stores({ trendSeries: "[hospitalId+period], viewedAt" });
  // Version 3 saves the whole registry under one sync scope ("waits") instead of one per province.
  // Tables and rows are unchanged; the per-province scopes fold into one, dated by the oldest of
  // them, so an upgraded device still says how old its saved hospitals are before its next sync.
  db.version(3)
    .stores({})
    .upgrade(async (tx) => {
      const syncState = tx.table<SyncStateRecord, string>("syncState");
      const old = await syncState.where("scope").startsWith(LEGACY_HOSPITAL_SCOPE).toArray();
      const dates = old.flatMap((r) => (r.lastSuccessAt ? [r.lastSuccessAt] : [])).sort();
      if (dates.length > 0 && !(await syncState.get(WAITS_SCOPE)))
        await syncState.put({ scope: WAITS_SCOPE, cursor: null, lastSuccessAt: dates[0], lastError: null });
      await syncState.bulkDelete(old.map((r) => r.scope));
    });
  // Version 4 keeps the directory's search index (searchIndex), and drops what nothing read: the
  // organizations and locations derived from the services, and the services' indexes. The
  // directory sync now counts server change numbers: the old cursor (a time) is cleared, so the
  // next sync reads the directory once and builds the index. Until then the saved services are
  // searched as before (deviceIndex.ts), and lastSuccessAt still dates them.
  db.version(4)
    .stores({ services: "id", organizations: null, locations: null, searchIndex: "scope" })
    .upgrade(async (tx) => {
      await tx.table<SyncStateRecord, string>("syncState").update(DIRECTORY_SCOPE, { cursor: null });
    });
  // Version 5 moves the services into buckets (serviceBuckets.ts), each record as it was saved, so
  // the saved index and cursor still match them and the next sync goes on from there.
  db.version(5)
    .stores({ services: null, serviceBuckets: "bucket, *mergedIds" })
    .upgrade(async (tx) => {
      const rows = await tx.table<{ id: string }, string>("services").toArray();
      await writeServiceChanges(tx.table("serviceBuckets"), changesFromRows(rows), true);
    });
  // Version 6 only adds the kept partner's copy (partnerCopy); existing tables and rows are unchanged,
  // and the copy starts empty: it is written at the next kept sign-in.
  db.version(6).stores({ partnerCopy: "key" });
  return db;
}

let shared: AppDatabase | undefined;
/** The app's database connection, opened on first use; its writes are on disk when reported done. */
export function database(): AppDatabase {
  shared ??= openDatabase();
  return shared;
}

let bulk: AppDatabase | undefined;
/** A second connection for the directory sync's large writes, reported done before they reach the disk. */
export function bulkDatabase(): AppDatabase {
  bulk ??= openDatabase(DB_NAME, "relaxed");
  return bulk;
}

/** Deletes every record kept on this device (the next use starts an empty database). */
export async function deleteDatabase(): Promise<void> {
  const db = database();
  bulk?.close();
  shared = undefined;
  bulk = undefined;
  await db.delete();
}

export const TABLE_NAMES = [
  "serviceBuckets",
  "searchIndex",
  "hospitals",
  "latestWaits",
  "trendSeries",
  "syncState",
  "outbox",
  "partnerCopy",
] as const;
