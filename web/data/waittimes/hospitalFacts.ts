// One hospital's facts (source, cadence, methodology) and latest figure for the pages that show a
// single hospital, from the registry saved on the device. A copy older than a minute is shown at
// once, saying when it was saved (its latest figure may be long past), and brought up to date in
// the background when online; with no copy, the server's answer is waited for. A registry that
// comes back no newer (the service worker's cached answer while the server is unreachable) keeps
// saying when it was saved.
import type { HospitalRecord, LatestWaitRecord } from "../device/db";
import { isFreshSince, loadSavedHospital } from "./hospitals";
import { syncWaitTimes } from "./sync";

export interface HospitalInfo {
  hospital?: HospitalRecord;
  latest?: LatestWaitRecord;
  /** When the shown copy was saved, if it is shown without being brought up to date. */
  savedCopyAt?: string;
}

type Saved = NonNullable<Awaited<ReturnType<typeof loadSavedHospital>>>;

/** The copy, dated unless it was fetched from the server within the minute and the page is online. */
const shown = (copy: Saved, isOnline: boolean): HospitalInfo => ({
  hospital: copy.hospital,
  latest: copy.latest,
  ...(copy.savedAt && !(isOnline && isFreshSince(copy.savedAt)) ? { savedCopyAt: copy.savedAt } : {}),
});

/** The hospital's saved facts, or the server's when the device has none; `onNewer` gets a later copy. */
export async function loadHospitalInfo(
  ref: string,
  isOnline: boolean,
  onNewer: (info: HospitalInfo) => void = () => undefined,
): Promise<HospitalInfo> {
  const saved = await loadSavedHospital(ref).catch(() => undefined);
  if (saved && (!isOnline || isFreshSince(saved.savedAt))) return shown(saved, isOnline);
  if (!isOnline) return {};
  const refreshed = syncWaitTimes().then(
    () => loadSavedHospital(ref).catch(() => undefined),
    () => undefined,
  );
  if (saved) {
    void refreshed.then((copy) => copy && copy.savedAt !== saved.savedAt && onNewer(shown(copy, true)));
    return shown(saved, true);
  }
  const copy = await refreshed;
  return copy ? shown(copy, true) : {};
}
