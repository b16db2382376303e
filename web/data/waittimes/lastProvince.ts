// The province the reader last chose on the wait-times pages, so the list opens there next time.
// A setting, not personal data; kept in localStorage (storage may be blocked: the choice then
// lasts for this visit only).
import type { Province } from "../../../shared/waittimes/schemas";
import { isProvince } from "./parseHospitals";

export const LAST_PROVINCE_KEY = "chc.waits.province";
const DEFAULT_PROVINCE: Province = "ON";

export function lastProvince(): Province {
  try {
    const stored = localStorage.getItem(LAST_PROVINCE_KEY);
    return isProvince(stored) ? stored : DEFAULT_PROVINCE;
  } catch {
    return DEFAULT_PROVINCE;
  }
}

export function rememberProvince(province: Province): void {
  try {
    localStorage.setItem(LAST_PROVINCE_KEY, province);
  } catch {
    // storage blocked: nothing to remember
  }
}

/** The province a page shows: the one in its address, else the last one chosen. */
export function provinceFrom(param: unknown): Province {
  return isProvince(param) ? param : lastProvince();
}
