// Reads the hospital registry with each hospital's latest figure from the server
// (GET /api/hospitals?include=latest, about 220 hospitals) into the records the device keeps,
// without the device's database layer: a page can show them before they are saved (sync.ts).
import { unitOf } from "../../../shared/waittimes/units";
import { apiAnswer } from "../api/client";
import type { HospitalRecord, LatestWaitRecord } from "../device/db";
import { parseHospitalList } from "./parseHospitals";

export interface FetchedRegistry {
  hospitals: HospitalRecord[];
  latest: LatestWaitRecord[];
  /** When the server answered (ISO): the date the saved copy will carry. */
  savedAt: string;
}

export async function fetchRegistry(): Promise<FetchedRegistry> {
  const { body, headers } = await apiAnswer<unknown>("/api/hospitals?include=latest");
  // Dated by the server's answer, not by now: on a poor connection the service worker may hand
  // back the copy it cached earlier, which must not pass for a fresh one.
  const served = Date.parse(headers.get("date") ?? "");
  const savedAt = new Date(Number.isNaN(served) ? Date.now() : Math.min(served, Date.now())).toISOString();
  const listed = parseHospitalList(body);
  return {
    hospitals: listed.map(({ latest: _latest, ...h }) => ({ ...h, fetchedAt: savedAt })),
    latest: listed.map((h) => ({
      hospitalId: h.id,
      value: h.latest?.value ?? null,
      unit: h.latest?.unit ?? unitOf(h.methodology.metric_family),
      observedAt: h.latest?.observed_at ?? null,
      fetchedAt: savedAt,
    })),
    savedAt,
  };
}
