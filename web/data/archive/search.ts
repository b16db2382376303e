// Archive search (GET /api/search with q, source, from, to, language, view, page). Read-only; the
// service worker keeps pages already viewed for offline reading.
import type { Lang } from "../../i18n/language";
import { archiveGet } from "./api";
import { type SearchFilters, searchApiQuery } from "./searchFilters";

export interface ArchiveHit {
  id: number;
  title: string | null;
  sourceCode: string | null;
  sourceName: string | null;
  language: string | null;
  captureTimestamp: string;
  jobId: number | null;
  originalUrl: string;
  snippet: string;
  pageSnapshotsCount: number;
  replayUrl: string | null;
  /** The capture's media type (application/pdf for a PDF); absent from answers saved before it existed. */
  mimeType?: string | null;
  /** Found by an address that redirects to it: that address (absent from answers saved before it existed). */
  reachedFrom?: string | null;
}

export interface ArchiveResults {
  results: ArchiveHit[];
  total: number;
  /** The total is an estimate (a large result on PostgreSQL); absent from answers saved before it existed. */
  totalEstimated?: boolean;
  page: number;
  pageSize: number;
  /** How the server read the query: relevance_fts, relevance_fallback, relevance_fuzzy, boolean, url or newest. */
  mode: string;
}

export const ARCHIVE_PAGE_SIZE = 10;

/** One page of results; source names come in `language` (the `language` filter is the pages'). */
export async function searchArchive(
  filters: SearchFilters,
  language: Lang,
  pageSize = ARCHIVE_PAGE_SIZE,
): Promise<ArchiveResults> {
  const body = await archiveGet<ArchiveResults>(
    `/api/search?${searchApiQuery(filters, pageSize)}&lang=${language}`,
  );
  if (!Array.isArray(body?.results)) throw new Error("GET /api/search: unexpected body");
  return body;
}
