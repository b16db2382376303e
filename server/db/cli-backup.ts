/**
 * `chc db backup <target> [--module m] [--without-warcs]` and `chc db restore <backup>`.
 * A backup holds everything a restore needs: each module's database (a consistent copy while the
 * server runs) and the files the module keeps beside it (the archive's WARC files, listed by the
 * module from its rows). Those files are checked first: one missing, or shorter than the records
 * the rows point at, refuses the backup before anything is written, unless `--without-warcs`
 * leaves every such file out, which the manifest then says. A restore writes into a data folder
 * holding no database yet, takes each module's writer lock, and checks every digest.
 */
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import {
  type BackupManifest,
  backUpHeldFiles,
  checkHeldFiles,
  copyChecked,
  MANIFEST,
  restoreHeldFiles,
  sha256Of,
} from "./backup-files.js";
import type { StoreLocation } from "./cli-repair.js";
import type { DbStoreEntry } from "./cli-revisions.js";
import { writeFileDurably } from "./durable-files.mjs";
import { acquireLock, releaseLock, StoreLockedError } from "./lock.js";
import { storePaths } from "./paths.js";
import type { HeldFile } from "./types.js";

type GetStores = (opts?: { readOnly?: boolean }) => Promise<Map<string, DbStoreEntry>>;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function registerBackupCommands(
  db: Command,
  opts: { getStores: GetStores; locate?: () => StoreLocation; print: (line: string) => void },
): void {
  const { print } = opts;
  db.command("backup")
    .description(
      "Write a consistent copy of the databases while the server keeps running, with the archive's WARC " +
        "files (each checked by size and SHA-256): <target> is a folder (one <module>.sqlite per module, " +
        "files/<module>/ and backup-manifest.json) or, with --module and no files to keep, a file",
    )
    .argument("<target>", "folder, or file path with --module")
    .option("--module <name>", "only this module")
    .option("--without-warcs", "leave the WARC files out (the manifest says so; a restore cannot replay)")
    .action(async (target: string, o: { module?: string; withoutWarcs?: boolean }, cmd: Command) => {
      try {
        await backup(await select(opts.getStores, o.module), path.resolve(target), o, print);
      } catch (err) {
        cmd.error(`db backup: ${(err as Error).message}`);
      }
    });

  db.command("restore")
    .description(
      "Put a backup made by db backup into DATA_DIR (which must hold no database yet): the databases and " +
        "the WARC files, each checked against the manifest's SHA-256",
    )
    .argument("<backup>", "the folder db backup wrote")
    .action(async (from: string, _o: unknown, cmd: Command) => {
      try {
        if (!opts.locate) throw new Error("this program does not say where the databases are");
        await restore(path.resolve(from), opts.locate(), opts.getStores, print);
      } catch (err) {
        cmd.error(`db restore: ${(err as Error).message}`);
      }
    });
}

async function select(getStores: GetStores, module: string | undefined) {
  const stores = await getStores({ readOnly: true });
  if (module === undefined) return [...stores.entries()];
  const entry = stores.get(module);
  if (!entry)
    throw new Error(
      `unknown module "${module}"; known modules: ${[...stores.keys()].join(", ") || "(none)"}`,
    );
  return [[module, entry]] as [string, DbStoreEntry][];
}

async function backup(
  entries: [string, DbStoreEntry][],
  target: string,
  o: { module?: string; withoutWarcs?: boolean },
  print: (line: string) => void,
) {
  // A backup never replaces anything: an existing folder with anything in it (another data
  // folder's databases, an older backup) or a file that is not empty is refused before a byte is written.
  const existing = fs.existsSync(target) ? fs.statSync(target) : null;
  if (existing?.isDirectory() && fs.readdirSync(target).length > 0)
    throw new Error(
      `${target} already exists and is not empty; nothing was written: give a folder that does not exist yet (or an empty one)`,
    );
  if (existing && !existing.isDirectory() && existing.size > 0)
    throw new Error(
      `${target} already exists and is not empty; nothing was written: give a path where nothing is yet`,
    );
  const asFile = o.module !== undefined && !existing?.isDirectory();
  // A damaged journal is read up to the damage: a copy of such a store would silently lack the
  // acknowledged writes after it, so nothing is written and the operator is told what to do.
  const damaged = entries.flatMap(([name, entry]) => {
    const why = "store" in entry ? entry.store.status().damaged : null;
    return why ? [`${name}: ${why}`] : [];
  });
  if (damaged.length)
    throw new Error(
      `a journal is damaged, so a backup would hold only the writes before the damage:\n  ${damaged.join("\n  ")}\n` +
        "nothing was written; `chc db repair --module <name>` shows what a repair keeps and loses before applying it, " +
        "and a copy of the whole data folder keeps everything as it is",
    );
  // Every module's files are listed and checked before anything is written.
  const held = new Map<string, HeldFile[]>();
  const problems: string[] = [];
  for (const [name, entry] of entries) {
    if (!entry.files || o.withoutWarcs) continue;
    if (asFile)
      throw new Error(
        `${name} keeps ${entry.files.kind} beside its database: give a folder as <target>, or leave them out with --without-warcs`,
      );
    const list = await entry.files.list();
    held.set(name, list);
    for (const p of checkHeldFiles(entry.files.root, list)) problems.push(`${name}: ${p}`);
  }
  if (problems.length)
    throw new Error(
      `files the databases point into are missing or short on disk, so a restore could not use them:\n  ` +
        `${problems.join("\n  ")}\nnothing was written; put them back, or back up without them with --without-warcs`,
    );

  const manifest: BackupManifest = {
    format: 1,
    created: new Date().toISOString(),
    withoutWarcs: o.withoutWarcs === true,
    databases: [],
    files: [],
  };
  for (const [name, entry] of entries) {
    if (!("store" in entry)) {
      print(`${name}: on PostgreSQL; back it up with pg_dump --schema=${name}`);
    } else {
      const file = asFile ? target : path.join(target, `${name}.sqlite`);
      await entry.store.backup(file);
      const bytes = fs.statSync(file).size;
      manifest.databases.push({
        module: name,
        file: path.basename(file),
        bytes,
        sha256: await sha256Of(file),
      });
      print(`${name}: backed up to ${file} (${kib(bytes)})`);
    }
    const list = held.get(name);
    if (entry.files && list) {
      const copied = await backUpHeldFiles(target, name, entry.files.root, list);
      manifest.files.push({ module: name, kind: entry.files.kind, entries: copied });
      const total = copied.reduce((n, f) => n + f.bytes, 0);
      print(
        `${name}: ${copied.length} files (${kib(total)}, ${entry.files.kind} included) copied and checked by SHA-256`,
      );
    } else if (entry.files) print(`${name}: ${entry.files.kind} left out (--without-warcs)`);
  }
  if (asFile) return;
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  writeFileDurably(path.join(target, MANIFEST), path.join(target, `${MANIFEST}.tmp`), bytes);
}

async function restore(
  from: string,
  where: StoreLocation,
  getStores: GetStores,
  print: (line: string) => void,
) {
  const manifestFile = path.join(from, MANIFEST);
  if (!fs.existsSync(manifestFile))
    throw new Error(`${from} holds no ${MANIFEST}: it is not a folder db backup wrote`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== 1)
    throw new Error(`${MANIFEST} has format ${manifest.format}; this program reads format 1`);
  fs.mkdirSync(where.dataDir, { recursive: true });
  const locks: string[] = [];
  try {
    for (const name of where.names) {
      const paths = storePaths(where.dataDir, name);
      // A damaged journal set aside by an earlier store would be offered to a repair of the restored one.
      for (const f of [paths.db, paths.journal, paths.ckpt, paths.damagedJournal, paths.damagedCkpt])
        if (fs.existsSync(f))
          throw new Error(
            `${path.basename(f)} already exists in ${paths.dir}; restore into a data folder without databases or journals`,
          );
      try {
        if (!(await acquireLock(paths.lock))) throw new Error(`${paths.dir} cannot be written`);
      } catch (err) {
        if (err instanceof StoreLockedError) throw new Error(`a server runs on ${paths.dir}: ${err.message}`);
        throw err;
      }
      locks.push(paths.lock);
    }
    for (const d of manifest.databases) {
      const to = storePaths(where.dataDir, d.module).db;
      const copied = await copyChecked(path.join(from, path.basename(d.file)), to);
      if (copied.sha256 !== d.sha256) {
        fs.rmSync(to);
        throw new Error(`the backup's ${d.file} differs from the one the manifest records (damaged backup)`);
      }
      print(`${d.module}: database restored (${kib(copied.bytes)})`);
    }
  } finally {
    for (const lock of locks) releaseLock(lock);
  }
  // The modules say where their files live (ARCHIVE_WARC_DIR…), read from the restored databases.
  const stores = await getStores({ readOnly: true });
  for (const f of manifest.files) {
    const files = stores.get(f.module)?.files;
    if (!files)
      throw new Error(`the backup holds files of ${f.module}, a module this program does not keep files for`);
    const bytes = await restoreHeldFiles(from, f.module, files.root, f.entries);
    const problems = checkHeldFiles(files.root, await files.list());
    if (problems.length)
      throw new Error(
        `${f.module}: after the restore, ${files.kind} are still missing or short:\n  ${problems.join("\n  ")}`,
      );
    print(
      `${f.module}: ${f.entries.length} files restored to ${files.root} (${kib(bytes)}), SHA-256 checked`,
    );
  }
  if (manifest.withoutWarcs)
    print(
      "this backup was made with --without-warcs: archived pages cannot be replayed or exported until their WARC files are put back",
    );
}
