/**
 * What the archive keeps outside its database, for `db backup` and `db restore` (through the module
 * contract's `heldFiles`): every file under the WARC root (job folders with their WARC files and
 * replay indexes, edition ledgers), with the size each WARC must have at least, taken from the
 * captures' rows (offset and length of the furthest record) and from each job's replay index.
 * A WARC the rows point into that is not on disk is listed too, so the backup can name it.
 */
import { createReadStream, type Dirent, readdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ModuleContext } from "../../core/module.js";
import type { HeldFile, HeldFiles } from "../../db/types.js";
import { type CdxEntry, REPLAY_INDEX } from "../index/indexer.js";
import type { ArchiveRepository } from "../repository.js";
import { repositoryOf } from "../repository-of.js";
import { storedPath } from "./warc-paths.js";

/** Every regular file under `dir`, relative to `root` (none when the folder does not exist). */
function filesUnder(root: string, dir = root): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(root, full);
    return e.isFile() ? [path.relative(root, full)] : [];
  });
}

/** Adds the end of the furthest record a replay index (relative to `root`) points at, per WARC of its folder. */
async function replayIndexExtents(root: string, index: string, need: Map<string, number>) {
  const dir = path.dirname(index);
  const lines = createInterface({ input: createReadStream(path.join(root, index)), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const e = JSON.parse(line) as CdxEntry;
    const file = path.join(dir, e.file);
    need.set(file, Math.max(need.get(file) ?? 0, e.offset + e.length));
  }
}

/**
 * The WARC files the archive's records point into, relative to the root (absolute outside it),
 * each with the bytes it must have: from the captures' rows and the replay indexes named.
 */
export async function warcsNeeded(
  repo: ArchiveRepository,
  replayIndexes: readonly string[],
  jobIds?: readonly number[],
): Promise<Map<string, number>> {
  const root = repo.warcRoot;
  const need = new Map<string, number>();
  for (const f of replayIndexes) await replayIndexExtents(root, f, need);
  for (const w of await repo.warcExtents(jobIds)) {
    const p = storedPath(root, w.path);
    need.set(p, Math.max(need.get(p) ?? 0, w.bytes));
  }
  return need;
}

export function archiveHeldFiles(ctx: Pick<ModuleContext, "database" | "config">): HeldFiles {
  const repo = repositoryOf(ctx);
  const root = repo.warcRoot;
  return {
    root,
    kind: "WARC files",
    async list(): Promise<HeldFile[]> {
      const onDisk = filesUnder(root);
      const need = await warcsNeeded(
        repo,
        onDisk.filter((f) => path.basename(f) === REPLAY_INDEX),
      );
      const paths = [...new Set([...onDisk, ...need.keys()])].sort();
      return paths.map((p) => (need.has(p) ? { path: p, bytes: need.get(p) } : { path: p }));
    },
  };
}
