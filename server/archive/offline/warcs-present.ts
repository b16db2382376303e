/**
 * Before a package (WACZ, ZIM) is built from crawl jobs: every WARC file their records point into
 * must be on disk and long enough to hold those records. Otherwise the export is refused with a
 * Conflict naming the files relative to the WARC root (never a server path), rather than sent as
 * a package without its pages.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { conflict } from "../../core/errors.js";
import { REPLAY_INDEX } from "../index/indexer.js";
import { warcsNeeded } from "../jobs/held-files.js";
import { storedPath } from "../jobs/warc-paths.js";
import type { ArchiveRepository } from "../repository.js";
import type { ExportJob } from "./offline-store.js";

const SHOWN = 10;

export async function assertWarcsPresent(repo: ArchiveRepository, jobs: readonly ExportJob[]): Promise<void> {
  const root = repo.warcRoot;
  const indexes = jobs
    .map((j) => path.join(j.output_dir, REPLAY_INDEX))
    .filter((f) => existsSync(f))
    .map((f) => storedPath(root, f));
  const need = await warcsNeeded(
    repo,
    indexes,
    jobs.map((j) => j.id),
  );
  const missing: string[] = [];
  const short: string[] = [];
  for (const [p, bytes] of need) {
    const full = path.isAbsolute(p) ? p : path.join(root, p);
    const size = existsSync(full) ? statSync(full).size : -1;
    if (size < 0) missing.push(p);
    else if (size < bytes) short.push(p);
  }
  if (!missing.length && !short.length) return;
  // A file outside the root is named by its base name only: the answer never shows server paths.
  const named = (list: string[]) => {
    const names = list.map((p) => (path.isAbsolute(p) ? path.basename(p) : p));
    const more = names.length > SHOWN ? ` and ${names.length - SHOWN} more` : "";
    return `${names.slice(0, SHOWN).join(", ")}${more}`;
  };
  const parts = [
    missing.length ? `missing: ${named(missing)}` : "",
    short.length ? `shorter than the records they hold: ${named(short)}` : "",
  ].filter(Boolean);
  throw conflict(
    `The WARC files of this package are not all on the server (${parts.join("; ")}), so it cannot be built whole; ` +
      "an operator must put them back (db restore) before it can be exported.",
  );
}
