/**
 * Turning a place typed by a person ("Kingston", "K7L 1A1", an address) into coordinates for
 * distance ranking. With GEOCODER_URL set (a Nominatim-compatible `/search?format=json` endpoint)
 * the upstream answers, through the "geocoder" breaker with a timeout; otherwise, or when it fails,
 * the directory's own sites answer: the centroid of the services in the matching city or postal area.
 */
import { foldAccents } from "../../../shared/text/index.js";
import type { Breaker } from "../../core/breaker.js";
import type { Catalogue } from "../catalogue.js";
import { getJson } from "../resilience/upstream-http.js";

export interface GeocodeResult {
  lat: number;
  lng: number;
  label: string;
  source: "geocoder" | "directory";
}

export class Geocoder {
  constructor(
    private readonly baseUrl: string | null,
    private readonly breaker: Breaker,
    private readonly catalogue: Catalogue,
  ) {}

  async locate(place: string): Promise<GeocodeResult | null> {
    if (this.baseUrl) {
      try {
        const url = `${this.baseUrl.replace(/\/+$/, "")}/search?format=json&limit=1&countrycodes=ca&q=${encodeURIComponent(place)}`;
        const hits = await getJson<Array<{ lat: string; lon: string; display_name?: string }>>(
          this.breaker,
          url,
        );
        const hit = hits?.[0];
        const lat = Number(hit?.lat);
        const lng = Number(hit?.lon);
        if (
          hit &&
          Number.isFinite(lat) &&
          Number.isFinite(lng) &&
          Math.abs(lat) <= 90 &&
          Math.abs(lng) <= 180
        ) {
          return { lat, lng, label: hit.display_name ?? place, source: "geocoder" };
        }
      } catch {
        // Fall through to the directory's own places.
      }
    }
    return this.fromDirectory(place);
  }

  /** Centroid of the directory's sites whose city or postal area (first three characters) matches. */
  private fromDirectory(place: string): GeocodeResult | null {
    const wanted = foldAccents(place).replace(/\s+/g, " ").trim();
    const postal = /^[a-z]\d[a-z]/.test(wanted.replace(/\s/g, ""))
      ? wanted.replace(/\s/g, "").slice(0, 3)
      : null;
    let lat = 0;
    let lng = 0;
    let n = 0;
    let label = place;
    for (const s of this.catalogue.services()) {
      for (const l of s.locations) {
        if (l.type !== "physical" || l.lat === null || l.lng === null) continue;
        const cityMatch = l.city !== null && foldAccents(l.city) === wanted;
        const postalMatch =
          postal !== null &&
          l.postalCode !== null &&
          foldAccents(l.postalCode).replace(/\s/g, "").startsWith(postal);
        if (!cityMatch && !postalMatch) continue;
        lat += l.lat;
        lng += l.lng;
        n++;
        label = cityMatch ? (l.city ?? place) : place.toUpperCase();
      }
    }
    return n ? { lat: lat / n, lng: lng / n, label, source: "directory" } : null;
  }
}
