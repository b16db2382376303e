/**
 * The app's offline database (IndexedDB through Dexie). The schema lives here and nowhere else.
 *
 * What is stored where, and why:
 * - services       Directory services exactly as GET /api/v1/services returns them (names and
 *                  descriptions in EN and FR, schedule, phones, embedded locations), so the shared
 *                  ranking can search them offline with the same results as the server.
 * - organizations  One row per organization named by a service (id, name), derived on sync, so the
 *                  app can list an organization's services without scanning every service.
 * - locations      One row per service location with coordinates, derived on sync, for "near me"
 *                  without unpacking every service.
 * - hospitals      Every hospital from GET /api/hospitals?include=latest (facts and reporting
 *                  methodology), saved with the directory's sync (waitsSync.ts), so the wait-times list,
 *                  a hospital's methodology and the compare brief work offline on first use.
 * - latestWaits    The latest reported value per hospital, with when it was observed, saved by the same
 *                  sync, so an offline reader sees the figure and how old it is.
 * - trendSeries    (since version 2) The trend series a reader last viewed, one row per hospital and
 *                  period, exactly as GET /api/hospitals/{id}/trends returned it, with when it was
 *                  fetched and last viewed, so a chart seen online is shown offline "as of" its fetch
 *                  time. Only the 30 most recently viewed series are kept (savedTrends.ts prunes).
 * - syncState      One row per sync scope ("directory", "waits"): the updated_since cursor, when it
 *                  last succeeded, and the last error, so sync resumes where it stopped. (Before
 *                  version 3, hospitals were saved per province under "hospitals:ON" and so on.)
 * - outbox         Writes made offline, in order, replayed on reconnect and at start-up; a row is
 *                  deleted only after the server accepted it, so none is dropped.
 *
 * Nothing here is secret: tokens and session ids are never written to IndexedDB.
 */
import Dexie, { type EntityTable, type Table } from "dexie";
import type { DirectoryService } from "../../shared/directory/types";
import type { Hospital, TrendPeriod } from "../../shared/waittimes/schemas";
import type { Trends } from "./trends";

export type ServiceRecord = DirectoryService;

export interface OrganizationRecord {
  id: string;
  name: string;
}

export interface LocationRecord {
  id: string;
  serviceId: string;
  lat: number | null;
  lng: number | null;
  city: string | null;
  province: string | null;
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
  /** Extra request headers that are not secret, e.g. If-Match on a retire. */
  headers?: Record<string, string>;
  /** The server's answer when it refused the write (a 409 carries the current record in details). */
  refusal?: { status: number; error: string | null; details: unknown };
}

export type AppDatabase = Dexie & {
  services: EntityTable<ServiceRecord, "id">;
  organizations: EntityTable<OrganizationRecord, "id">;
  locations: EntityTable<LocationRecord, "id">;
  hospitals: EntityTable<HospitalRecord, "id">;
  latestWaits: EntityTable<LatestWaitRecord, "hospitalId">;
  trendSeries: Table<TrendSeriesRecord, [string, TrendPeriod]>;
  syncState: EntityTable<SyncStateRecord, "scope">;
  outbox: EntityTable<OutboxRecord, "seq">;
};

export const DB_NAME = "community-health";
/** Sync scope of the hospital registry and latest figures (waitsSync.ts). */
export const WAITS_SCOPE = "waits";
const LEGACY_HOSPITAL_SCOPE = "hospitals:";

/** Opens (creating or upgrading) the database; a name other than DB_NAME is for tests. */
export function openDatabase(name = DB_NAME): AppDatabase {
  const db = new Dexie(name) as AppDatabase;
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
  return db;
}

let shared: AppDatabase | undefined;
/** The app's one database connection, opened on first use. */
export function database(): AppDatabase {
  shared ??= openDatabase();
  return shared;
}

/** Deletes every record kept on this device (the next use starts an empty database). */
export async function deleteDatabase(): Promise<void> {
  const db = database();
  shared = undefined;
  await db.delete();
}

export const TABLE_NAMES = [
  "services",
  "organizations",
  "locations",
  "hospitals",
  "latestWaits",
  "trendSeries",
  "syncState",
  "outbox",
] as const;
export type TableName = (typeof TABLE_NAMES)[number];
