// One hospital's facts (source, cadence, methodology) and latest figure for the pages that show a
// single hospital: from the registry saved on the device, which is fetched first when this device
// has none yet and the network answers.
import type { HospitalRecord, LatestWaitRecord } from "../device/db";
import { loadSavedHospital } from "./hospitals";
import { syncWaitTimes } from "./sync";

export interface HospitalInfo {
  hospital?: HospitalRecord;
  latest?: LatestWaitRecord;
}

export async function loadHospitalInfo(ref: string, isOnline: boolean): Promise<HospitalInfo> {
  const saved = await loadSavedHospital(ref).catch(() => undefined);
  if (saved || !isOnline) return saved ?? {};
  await syncWaitTimes().catch(() => undefined);
  return (await loadSavedHospital(ref).catch(() => undefined)) ?? {};
}
