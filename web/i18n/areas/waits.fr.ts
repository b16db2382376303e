import type { waitsEn } from "./waits.en";

// Messages français des pages « waits » (fusionnés dans ../fr.ts) : exactement les clés de waits.en.ts.
export const waitsFr: Record<keyof typeof waitsEn, string> = {};
