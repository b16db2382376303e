/** Where a module's database lives under DATA_DIR: the file, its journal(s) and its lock. */
import path from "node:path";

export interface StorePaths {
  /** The store's (module's) name. */
  name: string;
  dir: string;
  /** `<name>.sqlite`: the last checkpoint, replaced only by rename. */
  db: string;
  /** `<name>.sqlite.tmp`: a checkpoint being written. */
  tmp: string;
  /** `<name>.journal`: transactions since the last rotation. */
  journal: string;
  /** `<name>.journal.ckpt`: the rotated journal a running (or interrupted) checkpoint folds in. */
  ckpt: string;
  lock: string;
  /** Where a journal damaged in the middle is kept aside (`<journal>.damaged`) until repaired. */
  damagedJournal: string;
  /** Same for a damaged rotated journal (`<name>.journal.ckpt.damaged`). */
  damagedCkpt: string;
}

export function storePaths(dataDir: string, name: string): StorePaths {
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    throw new Error(`store name ${JSON.stringify(name)} must be letters, digits, - or _`);
  const dir = path.resolve(dataDir);
  const base = path.join(dir, name);
  return {
    name,
    dir,
    db: `${base}.sqlite`,
    tmp: `${base}.sqlite.tmp`,
    journal: `${base}.journal`,
    ckpt: `${base}.journal.ckpt`,
    lock: `${base}.lock`,
    damagedJournal: `${base}.journal.damaged`,
    damagedCkpt: `${base}.journal.ckpt.damaged`,
  };
}

/** fs error codes that mean "the disk refuses writes" (→ 503), not a programming error. */
const storageCodes = new Set([
  "ENOSPC",
  "EDQUOT",
  "EACCES",
  "EPERM",
  "EROFS",
  "EIO",
  "EBADF",
  "ENOENT",
  "EISDIR",
  "ENOTDIR",
]);

export function isStorageError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && storageCodes.has(code);
}

export function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? err);
}
