/**
 * WARC files and job folders live under one root (`ARCHIVE_WARC_DIR`, default
 * `<DATA_DIR>/archive`) that several machines may mount at different places, so rows hold paths
 * relative to it. Rows written before that hold absolute paths; they keep working as they are.
 */
import path from "node:path";

/** The default root: where crawls have always written (`<DATA_DIR>/archive/jobs/<id>/`). */
export const defaultWarcRoot = (dataDir: string) => path.join(dataDir, "archive");

/** A job's folder under the root. */
export const jobDirUnder = (warcRoot: string, id: number) => path.join(warcRoot, "jobs", String(id));

/** The path to store: relative to the root when under it, else unchanged. */
export function storedPath(warcRoot: string, p: string): string;
export function storedPath(warcRoot: string, p: string | null): string | null;
export function storedPath(warcRoot: string, p: string | null): string | null {
  if (!p || !path.isAbsolute(p)) return p;
  const rel = path.relative(warcRoot, p);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : p;
}

/** The absolute path of a stored one (old rows: already absolute). */
export function absolutePath(warcRoot: string, p: string): string;
export function absolutePath(warcRoot: string, p: string | null): string | null;
export function absolutePath(warcRoot: string, p: string | null): string | null {
  if (!p || path.isAbsolute(p)) return p;
  return path.join(warcRoot, p);
}
