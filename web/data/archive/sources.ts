// The archive's sources (GET /api/sources). Offline, the service worker answers from its cache.
import type { Lang } from "../../i18n/language";
import { archiveGet } from "./api";

export interface ArchiveSource {
  code: string;
  name: string;
  baseUrl: string | null;
  description: string | null;
  /** The language name and description are in: the one asked for when the archive holds it. */
  textLanguage: Lang;
  enabled: boolean;
  snapshotCount: number;
  firstCapture: string | null;
  latestCapture: string | null;
}

export async function fetchArchiveSources(language: Lang): Promise<ArchiveSource[]> {
  const body = await archiveGet<{ sources?: unknown }>(`/api/sources?lang=${language}`);
  if (!Array.isArray(body.sources)) throw new Error("GET /api/sources: unexpected body");
  return body.sources as ArchiveSource[];
}
