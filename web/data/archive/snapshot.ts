// One archived capture (GET /api/snapshot/{id}) and every capture of the same page, read through
// the search API's URL mode in the snapshots view (all statuses and duplicates, newest first).

import { normalizeUrlGroup } from "../../../shared/archive/normalize-url";
import type { Lang } from "../../i18n/language";
import { archiveGet } from "./api";
import type { ArchiveHit, ArchiveResults } from "./search";

export interface ArchiveSnapshot {
  id: number;
  jobId: number | null;
  sourceCode: string | null;
  sourceName: string | null;
  url: string;
  normalizedUrlGroup: string | null;
  captureTimestamp: string;
  mimeType: string | null;
  statusCode: number | null;
  title: string | null;
  snippet: string | null;
  language: string | null;
  captureBackend: string | null;
  captureFidelity: string | null;
  provenance: Record<string, unknown> | null;
  warcRecordId: string | null;
  contentHash: string | null;
  isDuplicate: boolean;
  previousSnapshotId: number | null;
  nextSnapshotId: number | null;
  replayUrl: string | null;
}

/** One capture; its source is named in `language`. */
export function fetchSnapshot(id: number, language: Lang): Promise<ArchiveSnapshot> {
  return archiveGet<ArchiveSnapshot>(`/api/snapshot/${id}?lang=${language}`);
}

export const TIMELINE_PAGE_SIZE = 100;

/** One page (newest first) of the captures of the page this snapshot belongs to. */
export async function fetchCaptureTimeline(snapshot: ArchiveSnapshot, page = 1): Promise<ArchiveResults> {
  const params = new URLSearchParams({
    q: snapshot.normalizedUrlGroup || snapshot.url,
    view: "snapshots",
    sort: "newest",
    includeNon2xx: "true",
    includeDuplicates: "true",
    page: String(page),
    pageSize: String(TIMELINE_PAGE_SIZE),
  });
  const body = await archiveGet<ArchiveResults>(`/api/search?${params}`);
  // URL mode falls back to a prefix match when nothing matches exactly; keep only this page.
  return {
    ...body,
    results: body.results.filter((h: ArchiveHit) => sameCapturedPage(h.originalUrl, snapshot)),
  };
}

/** True when a capture's address groups with this snapshot's page (the server's grouping rule). */
export function sameCapturedPage(
  url: string,
  snapshot: Pick<ArchiveSnapshot, "url" | "normalizedUrlGroup">,
): boolean {
  if (url === snapshot.url) return true;
  const key = (u: string) => (normalizeUrlGroup(u) ?? u).replace(/^https:/, "http:");
  return key(url) === key(snapshot.normalizedUrlGroup || snapshot.url);
}
