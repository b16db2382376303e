/**
 * Provinces and territories, and what a Canadian postal code says about where it is. The first
 * letter of a postal code names its province or territory (Canada Post's postal districts; X is
 * shared by the Northwest Territories and Nunavut); the first three characters are the forward
 * sortation area, the smallest area a postal code alone places without a geocoder.
 */
import type { Lang } from "./lang.js";

export const PROVINCES: Record<string, { en: string; fr: string }> = {
  AB: { en: "Alberta", fr: "Alberta" },
  BC: { en: "British Columbia", fr: "Colombie-Britannique" },
  MB: { en: "Manitoba", fr: "Manitoba" },
  NB: { en: "New Brunswick", fr: "Nouveau-Brunswick" },
  NL: { en: "Newfoundland and Labrador", fr: "Terre-Neuve-et-Labrador" },
  NS: { en: "Nova Scotia", fr: "Nouvelle-Écosse" },
  NT: { en: "Northwest Territories", fr: "Territoires du Nord-Ouest" },
  NU: { en: "Nunavut", fr: "Nunavut" },
  ON: { en: "Ontario", fr: "Ontario" },
  PE: { en: "Prince Edward Island", fr: "Île-du-Prince-Édouard" },
  QC: { en: "Quebec", fr: "Québec" },
  SK: { en: "Saskatchewan", fr: "Saskatchewan" },
  YT: { en: "Yukon", fr: "Yukon" },
};

const POSTAL_DISTRICTS: Record<string, string[]> = {
  A: ["NL"],
  B: ["NS"],
  C: ["PE"],
  E: ["NB"],
  G: ["QC"],
  H: ["QC"],
  J: ["QC"],
  K: ["ON"],
  L: ["ON"],
  M: ["ON"],
  N: ["ON"],
  P: ["ON"],
  R: ["MB"],
  S: ["SK"],
  T: ["AB"],
  V: ["BC"],
  X: ["NT", "NU"],
  Y: ["YT"],
};

/** A full postal code (A1A 1A1) or its forward sortation area alone (A1A), any case and spacing. */
export const POSTCODE_PATTERN = /^[A-Za-z]\d[A-Za-z](\s*\d[A-Za-z]\d)?$/;

export interface Postcode {
  /** Upper case, one space in a full code: "K7L 1G5" or "K7L". */
  text: string;
  /** Forward sortation area: the first three characters. */
  fsa: string;
  provinces: string[];
}

/** Reads a Canadian postal code, or null when it is not one (wrong pattern or no such district). */
export function parsePostcode(raw: string): Postcode | null {
  const compact = raw.replace(/\s+/g, "").toUpperCase();
  if (!POSTCODE_PATTERN.test(compact)) return null;
  const provinces = POSTAL_DISTRICTS[compact[0]];
  if (!provinces) return null;
  const fsa = compact.slice(0, 3);
  return { text: compact.length > 3 ? `${fsa} ${compact.slice(3)}` : fsa, fsa, provinces };
}

/** The forward sortation area of a postal code we hold, or null when it is not a Canadian one. */
export function fsaOf(postalCode: string | null): string | null {
  return postalCode ? (parsePostcode(postalCode)?.fsa ?? null) : null;
}

export function provinceName(code: string, lang: Lang): string | null {
  return PROVINCES[code.toUpperCase()]?.[lang] ?? null;
}
