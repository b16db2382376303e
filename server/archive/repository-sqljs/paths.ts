/** Rows in and out of sql.js with their file paths turned relative (stored) or absolute (returned). */
import { absolutePath } from "../jobs/warc-paths.js";

const JOB_PATHS = ["output_dir", "state_file_path", "combined_log_path"] as const;
const SNAPSHOT_PATHS = ["warc_path", "raw_snapshot_path"] as const;

function withAbsolute<T>(root: string, row: T, keys: readonly string[]): T {
  if (!row) return row;
  const out = { ...row } as Record<string, unknown>;
  for (const k of keys) if (typeof out[k] === "string") out[k] = absolutePath(root, out[k] as string);
  return out as T;
}

export const jobOut = <T>(root: string, row: T): T => withAbsolute(root, row, JOB_PATHS);
export const snapshotOut = <T>(root: string, row: T): T => withAbsolute(root, row, SNAPSHOT_PATHS);
