// Directions to a place, for a phone's own map app and for any browser: a `geo:` URI (RFC 5870)
// opens the installed map app at the point; OpenStreetMap's page works everywhere else. Without
// coordinates both search for the address instead.

export interface DirectionsLinks {
  /** geo:45.5118,-73.5563, or geo:0,0?q=<address> when only the address is known. */
  geo: string;
  /** OpenStreetMap centred on the point with a marker, or its search for the address. */
  map: string;
}

/** Coordinates are written with at most 6 decimals (about 10 cm): more says nothing and lengthens the link. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

export function directionsLinks(
  lat: number | null | undefined,
  lon: number | null | undefined,
  address: string | null | undefined,
): DirectionsLinks | null {
  if (typeof lat === "number" && typeof lon === "number" && Number.isFinite(lat) && Number.isFinite(lon)) {
    const [la, lo] = [coordinate(lat), coordinate(lon)];
    return {
      geo: `geo:${la},${lo}`,
      map: `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=17/${la}/${lo}`,
    };
  }
  const text = address?.trim();
  if (!text) return null;
  const q = encodeURIComponent(text);
  return { geo: `geo:0,0?q=${q}`, map: `https://www.openstreetmap.org/search?query=${q}` };
}
