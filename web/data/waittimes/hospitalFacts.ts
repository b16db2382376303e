// One hospital's facts (source, cadence, methodology) and latest figure for the pages that show a
// single hospital: from the registry saved on the device when it is fresh, otherwise (online) from
// the server, saved first. A saved copy shown because the server cannot be reached, or offline,
// says when it was saved: its latest figure may be long past.
import type { HospitalRecord, LatestWaitRecord } from "../device/db";
import { isFreshSince, loadSavedHospital } from "./hospitals";
import { syncWaitTimes } from "./sync";

export interface HospitalInfo {
  hospital?: HospitalRecord;
  latest?: LatestWaitRecord;
  /** When the shown copy was saved, if it is shown without being brought up to date. */
  savedCopyAt?: string;
}

export async function loadHospitalInfo(ref: string, isOnline: boolean): Promise<HospitalInfo> {
  const saved = await loadSavedHospital(ref).catch(() => undefined);
  if (saved && isOnline && isFreshSince(saved.savedAt))
    return { hospital: saved.hospital, latest: saved.latest };
  if (isOnline) {
    const synced = await syncWaitTimes().then(
      () => true,
      () => false,
    );
    if (synced) {
      const fresh = await loadSavedHospital(ref).catch(() => undefined);
      return fresh ? { hospital: fresh.hospital, latest: fresh.latest } : {};
    }
  }
  if (!saved) return {};
  return { hospital: saved.hospital, latest: saved.latest, savedCopyAt: saved.savedAt ?? undefined };
}
