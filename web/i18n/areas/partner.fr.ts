import type { partnerEn } from "./partner.en";

// Messages français des pages « partner » (fusionnés dans ../fr.ts) : exactement les clés de partner.en.ts.
export const partnerFr: Record<keyof typeof partnerEn, string> = {};
