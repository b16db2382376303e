/**
 * The files a module keeps beside its database (`HeldFiles`: the archive's WARC files) in a
 * backup folder: checked against the sizes the module's rows need before anything is written,
 * copied with their SHA-256 and size into `files/<module>/`, the copy read back and compared, and
 * put back by a restore that checks the same digests. The manifest (`backup-manifest.json`,
 * written last) lists every database and file, and whether the files were left out on purpose.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { HeldFile } from "./types.js";

export const MANIFEST = "backup-manifest.json";
const FILES_DIR = "files";

export interface CopiedFile {
  /** Relative to the module's root, or absolute for a file outside it (as the module listed it). */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  /** 1: sql.js files only; 2: also a PostgreSQL dump (a program reading only 1 refuses it). */
  format: 1 | 2;
  created: string;
  /** True when the backup was asked to leave the modules' files out (`--without-warcs`). */
  withoutWarcs: boolean;
  databases: { module: string; file: string; bytes: number; sha256: string }[];
  /** The modules on PostgreSQL: one pg_dump of their schemas and the extensions they hold. */
  postgres?: { file: string; bytes: number; sha256: string; schemas: string[]; extensions: string[] };
  files: { module: string; kind: string; entries: CopiedFile[] }[];
}

/** Where a module's held file sits in the backup folder (a file outside the root under `external/`). */
export function backupPathOf(target: string, module: string, p: string): string {
  const rel = path.isAbsolute(p) ? path.join("external", p) : p;
  return path.join(target, FILES_DIR, module, rel);
}

/** Where a held file goes back to on restore; a relative path never leaves the root. */
export function restoredPathOf(root: string, p: string): string {
  if (path.isAbsolute(p)) return p;
  const full = path.resolve(root, p);
  const rel = path.relative(root, full);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel))
    throw new Error(`the manifest names ${JSON.stringify(p)}, which is not under the files' folder`);
  return full;
}

/** What is wrong with the files on disk against what the rows need, one line each (none when all hold). */
export function checkHeldFiles(root: string, files: readonly HeldFile[]): string[] {
  const problems: string[] = [];
  for (const f of files) {
    if (f.bytes === undefined) continue;
    const full = path.isAbsolute(f.path) ? f.path : path.join(root, f.path);
    let size: number;
    try {
      size = statSync(full).size;
    } catch {
      problems.push(`${f.path} (missing)`);
      continue;
    }
    if (size < f.bytes)
      problems.push(`${f.path} (${size} bytes; the records it holds need at least ${f.bytes})`);
  }
  return problems;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

function fsyncFile(file: string) {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies `from` to `to` (folders made), hashing the bytes as they pass, flushes the copy to disk,
 * then reads the copy back: its size and SHA-256 must be those read from the source.
 */
export async function copyChecked(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  mkdirSync(path.dirname(to), { recursive: true });
  const hash = createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk);
      bytes += chunk.length;
      next(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to));
  fsyncFile(to);
  const sha256 = hash.digest("hex");
  const copied = statSync(to).size;
  if (copied !== bytes || (await sha256Of(to)) !== sha256)
    throw new Error(`the copy of ${from} at ${to} does not read back as the bytes copied`);
  return { bytes, sha256 };
}

/** Copies a module's held files into the backup folder; returns what the manifest records. */
export async function backUpHeldFiles(
  target: string,
  module: string,
  root: string,
  files: readonly HeldFile[],
): Promise<CopiedFile[]> {
  const out: CopiedFile[] = [];
  for (const f of files) {
    const from = path.isAbsolute(f.path) ? f.path : path.join(root, f.path);
    try {
      out.push({ path: f.path, ...(await copyChecked(from, backupPathOf(target, module, f.path))) });
    } catch (err) {
      // A file no row needs may go while the server runs (a temporary file renamed): leave it out.
      if (f.bytes !== undefined || (err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      rmSync(backupPathOf(target, module, f.path), { force: true });
    }
  }
  return out;
}

/**
 * Puts a module's files back under `root` from the backup folder. A file already there with the
 * manifest's digest is kept; any other is refused, as is a copy in the backup whose digest differs.
 */
export async function restoreHeldFiles(
  backup: string,
  module: string,
  root: string,
  entries: readonly CopiedFile[],
): Promise<number> {
  let bytes = 0;
  for (const e of entries) {
    const from = backupPathOf(backup, module, e.path);
    const to = restoredPathOf(root, e.path);
    if (existsSync(to)) {
      if ((await sha256Of(to)) !== e.sha256)
        throw new Error(
          `${e.path} already exists in ${root} with other content; restore into an empty folder`,
        );
      continue;
    }
    const copied = await copyChecked(from, to);
    if (copied.sha256 !== e.sha256 || copied.bytes !== e.bytes) {
      rmSync(to);
      throw new Error(
        `the backup's copy of ${e.path} differs from the one the manifest records (damaged backup)`,
      );
    }
    bytes += copied.bytes;
  }
  return bytes;
}
