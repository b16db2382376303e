// The archive's sources (GET /api/sources). Offline, the service worker answers from its cache.
export interface ArchiveSource {
  code: string;
  name: string;
  baseUrl: string | null;
  description: string | null;
  enabled: boolean;
  snapshotCount: number;
  firstCapture: string | null;
  latestCapture: string | null;
}

export async function fetchArchiveSources(): Promise<ArchiveSource[]> {
  const res = await fetch("/api/sources", { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/sources answered ${res.status}`);
  const body = (await res.json()) as { sources?: unknown };
  if (!Array.isArray(body.sources)) throw new Error("GET /api/sources: unexpected body");
  return body.sources as ArchiveSource[];
}
