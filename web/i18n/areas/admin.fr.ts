import type { adminEn } from "./admin.en";

// Messages français des pages « admin » (fusionnés dans ../fr.ts) : exactement les clés de admin.en.ts.
export const adminFr: Record<keyof typeof adminEn, string> = {};
