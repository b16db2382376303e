// Archive search (GET /api/search?q=&page=). Read-only; the service worker keeps pages already
// viewed for offline reading.
export interface ArchiveHit {
  id: number;
  title: string | null;
  sourceName: string | null;
  language: string | null;
  captureTimestamp: string;
  originalUrl: string;
  snippet: string;
  pageSnapshotsCount: number;
  replayUrl: string | null;
}

export interface ArchiveResults {
  results: ArchiveHit[];
  total: number;
  page: number;
  pageSize: number;
}

export const ARCHIVE_PAGE_SIZE = 10;

export async function searchArchive(q: string, page: number): Promise<ArchiveResults> {
  const params = new URLSearchParams({ q, page: String(page), pageSize: String(ARCHIVE_PAGE_SIZE) });
  const res = await fetch(`/api/search?${params}`, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/search answered ${res.status}`);
  const body = (await res.json()) as ArchiveResults;
  if (!Array.isArray(body?.results)) throw new Error("GET /api/search: unexpected body");
  return body;
}
