// The archive's annual editions (GET /api/editions): one per source and year, with how much of the
// year's intended pages it holds, and whether it can be searched and downloaded yet.

import { archiveGet } from "./api";

export type EditionStatus = "planned" | "in_progress" | "search_ready" | "research_ready" | "needs_review";

export interface ArchiveEdition {
  id: number;
  sourceCode: string;
  year: number;
  status: EditionStatus;
  searchReady: boolean;
  researchReady: boolean;
  intendedUrlCount: number;
  capturedUrlCount: number;
}

export async function fetchEditions(): Promise<ArchiveEdition[]> {
  const body = await archiveGet<{ editions?: unknown }>("/api/editions");
  if (!Array.isArray(body.editions)) throw new Error("GET /api/editions: unexpected body");
  return body.editions as ArchiveEdition[];
}

/** The edition as one file to read offline (WACZ, which ReplayWeb.page opens). */
export const editionDownload = (id: number) => `/api/exports/editions/${id}.wacz`;
