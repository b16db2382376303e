// Reads the hospital registry with each hospital's latest figure from the server
// (GET /api/hospitals?include=latest, about 220 hospitals) into the records the device keeps,
// without the device's database layer: a page can show them before they are saved (sync.ts).
import { unitOf } from "../../../shared/waittimes/units";
import { apiAnswer, servedAt } from "../api/client";
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
  // Dated by the server's answer, not by now (a cached copy must not pass for a fresh one).
  const savedAt = servedAt(headers);
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
