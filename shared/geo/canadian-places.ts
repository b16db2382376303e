/**
 * Canadian cities and provinces the app can place without a network: the province of a position
 * (the nearest of these places), and a place a search names ("food bank saskatoon"). Coordinates
 * are city centres, to a hundredth of a degree; enough to tell a province and "far from here".
 */
import { haversineKm, type LatLng } from "./haversine.js";

export type ProvinceCode =
  | "AB"
  | "BC"
  | "MB"
  | "NB"
  | "NL"
  | "NS"
  | "NT"
  | "NU"
  | "ON"
  | "PE"
  | "QC"
  | "SK"
  | "YT";

export interface Place extends LatLng {
  name: string;
  province: ProvinceCode;
  /** Other spellings people type (French names, without accents is handled by folding). */
  also?: string[];
}

const P = (name: string, province: ProvinceCode, lat: number, lng: number, also?: string[]): Place => ({
  name,
  province,
  lat,
  lng,
  ...(also ? { also } : {}),
});

export const PLACES: readonly Place[] = [
  P("Vancouver", "BC", 49.28, -123.12),
  P("Victoria", "BC", 48.43, -123.37),
  P("Kelowna", "BC", 49.89, -119.5),
  P("Kamloops", "BC", 50.67, -120.33),
  P("Prince George", "BC", 53.92, -122.75),
  P("British Columbia", "BC", 49.28, -123.12, ["Colombie-Britannique"]),
  P("Calgary", "AB", 51.05, -114.07),
  P("Edmonton", "AB", 53.55, -113.49),
  P("Red Deer", "AB", 52.27, -113.81),
  P("Lethbridge", "AB", 49.69, -112.84),
  P("Fort McMurray", "AB", 56.73, -111.38),
  P("Alberta", "AB", 53.55, -113.49),
  P("Saskatoon", "SK", 52.13, -106.67),
  P("Regina", "SK", 50.45, -104.61),
  P("Prince Albert", "SK", 53.2, -105.75),
  P("Saskatchewan", "SK", 50.45, -104.61),
  P("Winnipeg", "MB", 49.9, -97.14),
  P("Brandon", "MB", 49.85, -99.95),
  P("Thompson", "MB", 55.74, -97.86),
  P("Manitoba", "MB", 49.9, -97.14),
  P("Toronto", "ON", 43.65, -79.38),
  P("Ottawa", "ON", 45.42, -75.7),
  P("Hamilton", "ON", 43.26, -79.87),
  P("London", "ON", 42.98, -81.25),
  P("Kitchener", "ON", 43.45, -80.49),
  P("Windsor", "ON", 42.32, -83.04),
  P("Barrie", "ON", 44.39, -79.69),
  P("Peterborough", "ON", 44.3, -78.32),
  P("Belleville", "ON", 44.16, -77.38),
  P("Kingston", "ON", 44.23, -76.49),
  P("Brockville", "ON", 44.59, -75.68),
  P("Cornwall", "ON", 45.02, -74.73),
  P("North Bay", "ON", 46.31, -79.46),
  P("Sudbury", "ON", 46.49, -80.99, ["Grand Sudbury", "Greater Sudbury"]),
  P("Sault Ste. Marie", "ON", 46.52, -84.35, ["Sault Ste Marie"]),
  P("Timmins", "ON", 48.48, -81.33),
  P("Thunder Bay", "ON", 48.38, -89.25),
  P("Montréal", "QC", 45.5, -73.57, ["Montreal"]),
  P("Québec", "QC", 46.81, -71.21, ["Quebec City", "Ville de Québec"]),
  P("Gatineau", "QC", 45.48, -75.7),
  P("Sherbrooke", "QC", 45.4, -71.89),
  P("Trois-Rivières", "QC", 46.35, -72.55),
  P("Saguenay", "QC", 48.43, -71.07),
  P("Rimouski", "QC", 48.45, -68.52),
  P("Rouyn-Noranda", "QC", 48.24, -79.02),
  P("Fredericton", "NB", 45.96, -66.64),
  P("Moncton", "NB", 46.09, -64.78),
  P("Saint John", "NB", 45.27, -66.06),
  P("New Brunswick", "NB", 45.96, -66.64, ["Nouveau-Brunswick"]),
  P("Halifax", "NS", 44.65, -63.57),
  P("Sydney", "NS", 46.14, -60.19),
  P("Nova Scotia", "NS", 44.65, -63.57, ["Nouvelle-Écosse"]),
  P("Charlottetown", "PE", 46.24, -63.13),
  P("Prince Edward Island", "PE", 46.24, -63.13, ["Île-du-Prince-Édouard"]),
  P("St. John's", "NL", 47.56, -52.71, ["St John's", "Saint-Jean de Terre-Neuve"]),
  P("Corner Brook", "NL", 48.95, -57.95),
  P("Newfoundland", "NL", 47.56, -52.71, ["Terre-Neuve", "Labrador"]),
  P("Whitehorse", "YT", 60.72, -135.06),
  P("Yukon", "YT", 60.72, -135.06),
  P("Yellowknife", "NT", 62.45, -114.37),
  P("Northwest Territories", "NT", 62.45, -114.37, ["Territoires du Nord-Ouest"]),
  P("Iqaluit", "NU", 63.75, -68.52),
  P("Nunavut", "NU", 63.75, -68.52),
];

/** Lower case, no accents, words separated by one space: how names are compared. */
const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const SPELLINGS = PLACES.flatMap((place) =>
  [place.name, ...(place.also ?? [])].map((s) => ({ key: plain(s), place })),
)
  // The longest first, so "Prince Albert" wins over a shorter name inside it.
  .sort((a, b) => b.key.length - a.key.length);

/** The place a search names as whole words ("food bank in Saskatoon"), or null. */
export function placeNamedIn(text: string): Place | null {
  const words = ` ${plain(text)} `;
  return SPELLINGS.find((s) => words.includes(` ${s.key} `))?.place ?? null;
}

/** The province a position is in, as the nearest of the places above tells it. */
export function provinceAt(position: LatLng): ProvinceCode {
  let best = PLACES[0];
  let bestKm = Number.POSITIVE_INFINITY;
  for (const place of PLACES) {
    const km = haversineKm(position, place);
    if (km < bestKm) {
      best = place;
      bestKm = km;
    }
  }
  return best.province;
}
