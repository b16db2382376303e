// The archive's sources (GET /api/sources). Offline, the service worker answers from its cache.
import { archiveGet } from "./archiveApi";

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
  const body = await archiveGet<{ sources?: unknown }>("/api/sources");
  if (!Array.isArray(body.sources)) throw new Error("GET /api/sources: unexpected body");
  return body.sources as ArchiveSource[];
}
