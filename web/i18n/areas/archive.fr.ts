import type { archiveEn } from "./archive.en";

// Messages français des pages « archive » (fusionnés dans ../fr.ts) : exactement les clés de archive.en.ts.
export const archiveFr: Record<keyof typeof archiveEn, string> = {};
