// The area the directory covers (GET /api/v1/coverage, worked out on the server from the services'
// locations). Asked once per visit; the service worker keeps the last answer, so it holds offline.
// For a person somewhere else (their "near me" position, or a place their search names) it says
// whether they are outside it, and in which province, so their results lead with lines that work there.
import { createRoot, createSignal } from "solid-js";
import { type CoverageArea, isOutside, wideLinesFirst } from "../../../shared/directory/coverage";
import { type Place, placeNamedIn, provinceAt } from "../../../shared/geo/canadian-places";
import type { LatLng } from "../../../shared/geo/haversine";
import { apiData } from "../api/client";

let asked: Promise<CoverageArea | null> | undefined;
/** The area, asked for once (null when neither the server nor the kept answer can tell). */
export function coverageLoaded(): Promise<CoverageArea | null> {
  asked ??= apiData<CoverageArea | null>("/api/v1/coverage").catch(() => null);
  return asked;
}
// A plain signal, not a resource: a resource read inside the page's Suspense held the whole page
// (its heading included) until this answer came, which made the first visit's largest paint wait
// on one more round trip.
const [coverage, setCoverage] = createRoot(() => createSignal<CoverageArea | null>(null));
let watching = false;
/** The area once known (null until then, or when it cannot be told); asks for it on first read. */
function coverageSoFar(): CoverageArea | null {
  if (!watching) {
    watching = true;
    void coverageLoaded().then(setCoverage);
  }
  return coverage();
}

export { coverageSoFar as coverage };

export interface Elsewhere {
  /** The place the search named, when that is how we know (null for a "near me" position). */
  place: Place | null;
  province: string;
}

/** Where a person is, when it is outside the area: from their position, else a place their search names. */
export function outsideArea(
  area: CoverageArea,
  query: string,
  position: LatLng | undefined,
): Elsewhere | null {
  if (position) return isOutside(area, position) ? { place: null, province: provinceAt(position) } : null;
  const place = placeNamedIn(query);
  return place && isOutside(area, place) ? { place, province: place.province } : null;
}

export { wideLinesFirst };
