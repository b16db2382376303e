// Hospitals by province: read from the device first (instant, offline), refreshed from
// GET /api/hospitals?province= when online, and written back in one transaction.
import type { Province } from "../../shared/waittimes/schemas";
import { database, type HospitalRecord, type LatestWaitRecord } from "./db";
import { parseHospitalList } from "./parseHospitals";

export interface HospitalList {
  hospitals: HospitalRecord[];
  /** When this list was last fetched from the server; null if never. */
  savedAt: string | null;
  /** True when the list comes from the device rather than a fetch made just now. */
  fromDevice: boolean;
  /** Latest reported figure per hospital id, when known. */
  latest: Map<string, LatestWaitRecord>;
}

const scopeOf = (province: Province) => `hospitals:${province}`;

export async function loadSavedHospitals(province: Province): Promise<HospitalList> {
  const db = database();
  const [hospitals, sync] = await Promise.all([
    db.hospitals.where("[province+name]").between([province, ""], [province, "\uffff"]).toArray(),
    db.syncState.get(scopeOf(province)),
  ]);
  return { hospitals, savedAt: sync?.lastSuccessAt ?? null, fromDevice: true, latest: new Map() };
}

export async function refreshHospitals(province: Province, signal?: AbortSignal): Promise<HospitalList> {
  const res = await fetch(`/api/hospitals?province=${province}`, {
    signal,
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new Error(`GET /api/hospitals answered ${res.status}`);
  const fetchedAt = new Date().toISOString();
  const hospitals = parseHospitalList(await res.json(), province)
    .map((h) => ({ ...h, fetchedAt }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const db = database();
  await db.transaction("rw", db.hospitals, db.syncState, async () => {
    // Replace the province's rows so hospitals removed upstream disappear here too.
    await db.hospitals.where("province").equals(province).delete();
    await db.hospitals.bulkPut(hospitals);
    await db.syncState.put({
      scope: scopeOf(province),
      cursor: null,
      lastSuccessAt: fetchedAt,
      lastError: null,
    });
  });
  return { hospitals, savedAt: fetchedAt, fromDevice: false, latest: new Map() };
}
