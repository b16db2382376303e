/**
 * What scales a service's relevance beyond its words: how far it is and how far its record can be
 * trusted (verification level and how recently it was checked).
 */
import { haversineKm } from "../geo/index.js";
import type { SearchIndex } from "./search-index.js";
import type { DirectoryService } from "./types.js";

const DAY_MS = 86_400_000;
const LEVEL_FACTOR = { L0: 0.95, L1: 1, L2: 1.04, L3: 1.08 } as const;

/** Nearest site where people are served, in km; null for phone-only, virtual or postal-only services. */
export function nearestKm(service: DirectoryService, from: { lat: number; lng: number }): number | null {
  let best: number | null = null;
  for (const loc of service.locations) {
    if (loc.type !== "physical" || loc.lat === null || loc.lng === null) continue;
    const d = haversineKm(from, { lat: loc.lat, lng: loc.lng });
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Distance in km to service i's nearest site where people are served (from the index), or null when it has none. */
export function distanceTo(index: SearchIndex, i: number, from: { lat: number; lng: number }): number | null {
  let best: number | null = null;
  for (let k = index.siteStart[i]; k < index.siteStart[i + 1]; k++) {
    const d = haversineKm(from, { lat: index.siteLat[k], lng: index.siteLng[k] });
    if (best === null || d < best) best = d;
  }
  return best;
}

/** Multiplier for how far a record can be trusted: verification level and how recently it was checked. */
export function trustFactor(
  level: DirectoryService["verificationLevel"],
  verifiedAtMs: number,
  nowMs: number,
): number {
  if (Number.isNaN(verifiedAtMs)) return LEVEL_FACTOR[level] * 0.97;
  const ageDays = (nowMs - verifiedAtMs) / DAY_MS;
  const freshness = ageDays <= 180 ? 1.04 : ageDays <= 365 ? 1.02 : ageDays <= 730 ? 1 : 0.96;
  return LEVEL_FACTOR[level] * freshness;
}

export function roundKm(km: number | null): number | null {
  return km === null ? null : Math.round(km * 100) / 100;
}
