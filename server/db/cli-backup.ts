/**
 * `chc db backup <target> [--module m] [--without-warcs]` and `chc db restore <backup>`.
 * A backup holds everything a restore needs: each module's database (a consistent copy while the
 * server runs) and the files the module keeps beside it (the archive's WARC files, listed by the
 * module from its rows). Those files are checked first: one missing, or shorter than the records
 * the rows point at, refuses the backup before anything is written, unless `--without-warcs`
 * leaves every such file out, which the manifest then says. On PostgreSQL the modules' schemas are
 * one pg_dump (one snapshot) with the extensions they hold (server/db/pg/dump.ts). A restore writes
 * into a data folder holding no database yet (and a database without the schemas), takes each
 * module's writer lock, checks everything before changing anything, and undoes what it did when a
 * later step fails.
 */
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import {
  type BackupManifest,
  backUpHeldFiles,
  backupPathOf,
  checkHeldFiles,
  copyChecked,
  MANIFEST,
  restoredPathOf,
  restoreHeldFiles,
  sha256Of,
} from "./backup-files.js";
import type { StoreLocation } from "./cli-repair.js";
import type { DbStoreEntry } from "./cli-revisions.js";
import { writeFileDurably } from "./durable-files.mjs";
import { acquireLock, releaseLock, StoreLockedError } from "./lock.js";
import { storePaths } from "./paths.js";
import { dumpSchemas, extensionsIn, findPgTool, restoreDump } from "./pg/dump.js";
import type { HeldFile, HeldFiles } from "./types.js";

/** The PostgreSQL dump's name in a backup folder. */
const PG_DUMP = "postgres.dump";

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
        "files (each checked by size and SHA-256): <target> is a folder (one <module>.sqlite per module, or on " +
        "PostgreSQL one postgres.dump made by pg_dump; files/<module>/ and backup-manifest.json) or, with " +
        "--module, no files to keep and sql.js, a file",
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
      "Put a backup made by db backup into DATA_DIR (which must hold no database yet) and, on PostgreSQL, " +
        "the database of DATABASE_URL (which must not have the schemas yet): the databases and the WARC " +
        "files, each checked against the manifest's SHA-256; all of it, or nothing",
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

  const onPg = entries.flatMap(([, entry]) => ("pg" in entry ? [entry.pg] : []));
  if (onPg.length && asFile)
    throw new Error(
      "this module is on PostgreSQL: give a folder as <target> (its dump and the manifest go there)",
    );
  // Refused before anything is written when the tool is missing.
  if (onPg.length) findPgTool("pg_dump");

  const manifest: BackupManifest = {
    format: onPg.length ? 2 : 1,
    created: new Date().toISOString(),
    withoutWarcs: o.withoutWarcs === true,
    databases: [],
    files: [],
  };
  if (onPg.length) {
    // One pg_dump run for every schema: one snapshot, so the modules agree with each other.
    fs.mkdirSync(target, { recursive: true });
    const file = path.join(target, PG_DUMP);
    const schemas = onPg.map((p) => p.schema);
    const extensions = await extensionsIn(onPg[0].pool, schemas);
    await dumpSchemas(onPg[0].pool, schemas, extensions, file);
    const bytes = fs.statSync(file).size;
    manifest.postgres = { file: PG_DUMP, bytes, sha256: await sha256Of(file), schemas, extensions };
    print(
      `PostgreSQL: ${schemas.join(", ")} dumped together${extensions.length ? ` with ${extensions.join(", ")}` : ""} to ${file} (${kib(bytes)})`,
    );
  }
  for (const [name, entry] of entries) {
    if ("store" in entry) {
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
    let list = held.get(name);
    // Listed again after the dump: every row it holds points into a file at least this long.
    if ("pg" in entry && entry.files && list) list = await entry.files.list();
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
  if (manifest.format !== 1 && manifest.format !== 2)
    throw new Error(`${MANIFEST} has format ${manifest.format}; this program reads formats 1 and 2`);
  // Everything is checked before anything changes: the backup's own files, the places they go.
  const missing = [
    ...manifest.databases.map((d) => ({ file: path.join(from, path.basename(d.file)), bytes: d.bytes })),
    ...(manifest.postgres
      ? [{ file: path.join(from, path.basename(manifest.postgres.file)), bytes: manifest.postgres.bytes }]
      : []),
    ...manifest.files.flatMap((f) =>
      f.entries.map((e) => ({ file: backupPathOf(from, f.module, e.path), bytes: e.bytes })),
    ),
  ].flatMap(({ file, bytes }) => {
    const size = fs.existsSync(file) ? fs.statSync(file).size : -1;
    return size === bytes
      ? []
      : [`${path.relative(from, file)} (${size < 0 ? "missing" : `${size} bytes, not ${bytes}`})`];
  });
  if (missing.length)
    throw new Error(`the backup is incomplete; nothing was restored:\n  ${missing.join("\n  ")}`);

  fs.mkdirSync(where.dataDir, { recursive: true });
  const locks: string[] = [];
  // What the restore did so far, undone in reverse when a later step fails.
  const undo: (() => Promise<void> | void)[] = [];
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
    const pgDump = manifest.postgres;
    if (pgDump) {
      const stores = await getStores({ readOnly: true });
      const pools = pgDump.schemas.map((schema) => {
        const entry = stores.get(schema);
        if (!entry || !("pg" in entry))
          throw new Error(
            `the backup holds the PostgreSQL schema ${schema}: set DATABASE_URL to the database to restore it into`,
          );
        return entry.pg.pool;
      });
      const pool = pools[0];
      findPgTool("pg_restore");
      const file = path.join(from, path.basename(pgDump.file));
      if ((await sha256Of(file)) !== pgDump.sha256)
        throw new Error(
          `the backup's ${pgDump.file} differs from the one the manifest records (damaged backup)`,
        );
      const { rows: there } = await pool.query<{ nspname: string }>(
        "SELECT nspname FROM pg_namespace WHERE nspname = ANY($1::text[]) ORDER BY nspname",
        [pgDump.schemas],
      );
      if (there.length)
        throw new Error(
          `the database already has the schema${there.length > 1 ? "s" : ""} ${there.map((r) => r.nspname).join(", ")}; ` +
            "restore into a database without them (a new one, or after DROP SCHEMA … CASCADE)",
        );
      const { rows: installed } = await pool.query<{ extname: string; nspname: string }>(
        `SELECT e.extname, n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
          WHERE e.extname = ANY($1::text[]) ORDER BY e.extname`,
        [pgDump.extensions],
      );
      if (installed.length)
        throw new Error(
          `the database already has the extension${installed.length > 1 ? "s" : ""} ` +
            `${installed.map((r) => `${r.extname} (in schema ${r.nspname})`).join(", ")}, which the backup puts in its own schema; ` +
            "restore into a new database",
        );
      await restoreDump(pool, file);
      undo.push(async () => {
        await pool.query(`DROP SCHEMA IF EXISTS ${pgDump.schemas.join(", ")} CASCADE`);
      });
      print(
        `PostgreSQL: ${pgDump.schemas.join(", ")} restored${pgDump.extensions.length ? ` with ${pgDump.extensions.join(", ")}` : ""} (${kib(pgDump.bytes)})`,
      );
    }
    for (const d of manifest.databases) {
      const to = storePaths(where.dataDir, d.module).db;
      undo.push(() => fs.rmSync(to, { force: true }));
      const copied = await copyChecked(path.join(from, path.basename(d.file)), to);
      if (copied.sha256 !== d.sha256)
        throw new Error(`the backup's ${d.file} differs from the one the manifest records (damaged backup)`);
      print(`${d.module}: database restored (${kib(copied.bytes)})`);
    }

    // The modules say where their files live (ARCHIVE_WARC_DIR…), read from the restored databases.
    const stores = await getStores({ readOnly: true });
    const roots = new Map<string, HeldFiles>();
    const clashes: string[] = [];
    for (const f of manifest.files) {
      const files = stores.get(f.module)?.files;
      if (!files)
        throw new Error(
          `the backup holds files of ${f.module}, a module this program does not keep files for`,
        );
      roots.set(f.module, files);
      for (const e of f.entries) {
        const to = restoredPathOf(files.root, e.path);
        if (fs.existsSync(to) && (await sha256Of(to)) !== e.sha256) clashes.push(`${f.module}: ${to}`);
      }
    }
    if (clashes.length)
      throw new Error(
        `files already exist with other content where the backup's go; restore into an empty folder:\n  ${clashes.join("\n  ")}`,
      );
    for (const f of manifest.files) {
      const files = roots.get(f.module)!;
      const fresh = f.entries
        .map((e) => restoredPathOf(files.root, e.path))
        .filter((to) => !fs.existsSync(to));
      undo.push(() => {
        for (const to of fresh) fs.rmSync(to, { force: true });
      });
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
  } catch (err) {
    for (const step of undo.reverse()) await step();
    throw new Error(
      `${(err as Error).message}${undo.length ? "\neverything this restore had put back was removed again" : ""}`,
    );
  } finally {
    for (const lock of locks) releaseLock(lock);
  }
  if (manifest.withoutWarcs)
    print(
      "this backup was made with --without-warcs: archived pages cannot be replayed or exported until their WARC files are put back",
    );
}
