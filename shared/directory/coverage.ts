/**
 * Where the directory's own services are: the city most local services are in, with the area
 * around it that holds nearly all of them ("Kingston and area"), worked out from the services'
 * locations. A person outside it is better served first by the lines that work wherever they are
 * (national ones, and provincial ones in their province) than by far-away local services.
 */
import { haversineKm, type LatLng } from "../geo/haversine.js";
import type { DirectoryService } from "./types.js";

export interface CoverageArea {
  city: string;
  province: string;
  center: LatLng;
  /** Local services' sites within this distance of the centre count as the area. */
  radiusKm: number;
  /** Services for all of Canada, and for the area's whole province. */
  national: string[];
  provincial: string[];
}

/** Sites further than this from the main city are not its area (a stray record in another city). */
const AREA_LIMIT_KM = 150;
const MARGIN_KM = 10;
const MIN_RADIUS_KM = 25;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function coverageOf(services: readonly DirectoryService[]): CoverageArea | null {
  const live = services.filter((s) => s.status === "active");
  const sites = live
    .filter((s) => s.scope === "local")
    .flatMap((s) => s.locations)
    .filter(
      (l) =>
        l.type === "physical" && l.city && l.province && Number.isFinite(l.lat) && Number.isFinite(l.lng),
    )
    .map((l) => ({
      city: l.city as string,
      province: l.province as string,
      lat: l.lat as number,
      lng: l.lng as number,
    }));
  if (sites.length === 0) return null;
  const counts = new Map<string, number>();
  for (const s of sites)
    counts.set(`${s.city}|${s.province}`, (counts.get(`${s.city}|${s.province}`) ?? 0) + 1);
  const [main] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const [city, province] = main.split("|");
  const inCity = sites.filter((s) => s.city === city && s.province === province);
  const center = { lat: median(inCity.map((s) => s.lat)), lng: median(inCity.map((s) => s.lng)) };
  const reach = sites.map((s) => haversineKm(center, s)).filter((km) => km <= AREA_LIMIT_KM);
  const radiusKm = Math.max(MIN_RADIUS_KM, Math.ceil(Math.max(...reach) + MARGIN_KM));
  const ids = (scope: DirectoryService["scope"]) => live.filter((s) => s.scope === scope).map((s) => s.id);
  return { city, province, center, radiusKm, national: ids("national"), provincial: ids("provincial") };
}

export function isOutside(area: Pick<CoverageArea, "center" | "radiusKm">, at: LatLng): boolean {
  return haversineKm(area.center, at) > area.radiusKm;
}

/**
 * Results for someone outside the area: national lines first, then (in the area's own province)
 * the provincial ones, then the rest, each group in its ranked order.
 */
export function wideLinesFirst<T extends { id: string }>(
  results: readonly T[],
  area: Pick<CoverageArea, "national" | "provincial" | "province">,
  personProvince: string | null,
): T[] {
  const national = new Set(area.national);
  const provincial = new Set(personProvince === area.province ? area.provincial : []);
  const group = (r: T) => (national.has(r.id) ? 0 : provincial.has(r.id) ? 1 : 2);
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => group(a.r) - group(b.r) || a.i - b.i)
    .map(({ r }) => r);
}
