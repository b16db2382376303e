// Saves the hospital registry and each hospital's latest figure on the device, in one request
// (GET /api/hospitals?include=latest, about 220 hospitals) and one transaction, alongside the
// directory's sync. The wait-times list, a hospital's latest figure and methodology, and the
// compare brief then work offline even on pages never opened online.

import { unitOf } from "../../../shared/waittimes/units";
import { apiAnswer } from "../api/client";
import {
  type AppDatabase,
  database,
  type HospitalRecord,
  type LatestWaitRecord,
  WAITS_SCOPE,
} from "../device/db";
import { parseHospitalList } from "./parseHospitals";

export interface WaitsSyncOutcome {
  hospitals: number;
  savedAt: string;
}

let running: Promise<WaitsSyncOutcome> | undefined;

async function fetchRegistry() {
  const { body, headers } = await apiAnswer<unknown>("/api/hospitals?include=latest");
  // Dated by the server's answer, not by now: on a poor connection the service worker may hand
  // back the copy it cached earlier, which must not pass for a fresh one.
  const served = Date.parse(headers.get("date") ?? "");
  const savedAt = new Date(Number.isNaN(served) ? Date.now() : Math.min(served, Date.now())).toISOString();
  return { hospitals: parseHospitalList(body), savedAt };
}

async function save(
  db: AppDatabase,
  body: Awaited<ReturnType<typeof fetchRegistry>>["hospitals"],
  savedAt: string,
) {
  const hospitals: HospitalRecord[] = body.map(({ latest: _latest, ...h }) => ({ ...h, fetchedAt: savedAt }));
  const latest: LatestWaitRecord[] = body.map((h) => ({
    hospitalId: h.id,
    value: h.latest?.value ?? null,
    unit: h.latest?.unit ?? unitOf(h.methodology.metric_family),
    observedAt: h.latest?.observed_at ?? null,
    fetchedAt: savedAt,
  }));
  await db.transaction("rw", db.hospitals, db.latestWaits, db.syncState, async () => {
    // Replace everything: a hospital removed upstream disappears here too.
    await db.hospitals.clear();
    await db.hospitals.bulkPut(hospitals);
    await db.latestWaits.clear();
    await db.latestWaits.bulkPut(latest);
    await db.syncState.put({ scope: WAITS_SCOPE, cursor: null, lastSuccessAt: savedAt, lastError: null });
  });
}

async function run(): Promise<WaitsSyncOutcome> {
  const db = database();
  try {
    const { hospitals, savedAt } = await fetchRegistry();
    await save(db, hospitals, savedAt);
    return { hospitals: hospitals.length, savedAt };
  } catch (error) {
    const before = await db.syncState.get(WAITS_SCOPE).catch(() => undefined);
    await db.syncState
      .put({
        scope: WAITS_SCOPE,
        cursor: null,
        lastSuccessAt: before?.lastSuccessAt ?? null,
        lastError: String(error),
      })
      .catch(() => undefined);
    throw error;
  }
}

/** Brings the saved registry and figures up to date (one run at a time); throws if the server cannot be read. */
export function syncWaitTimes(): Promise<WaitsSyncOutcome> {
  running ??= run().finally(() => {
    running = undefined;
  });
  return running;
}
