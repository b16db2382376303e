/**
 * `chc archive export-wacz` and `export-zim`: an edition (or one job) as a file a researcher can
 * open offline. Both read the database read-only, so they run beside a running server; the one
 * write (a ZIM's final_zim_path) goes through the server when it holds the database.
 */
import { closeSync, createWriteStream, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Command } from "commander";
import { findOnPath } from "../../db/find-on-path.js";
import { archiveHeldByAnotherProcess, handOff } from "../jobs/handoff.js";
import { type ExportTarget, editionTarget, jobTarget, recordZimPath } from "../offline/offline-store.js";
import { buildWacz } from "../offline/wacz.js";
import { buildZim, ZIM_INSTALL_HINT } from "../offline/zim.js";
import { zimFileName } from "../offline/zim-name.js";
import type { ArchiveRepository } from "../repository.js";
import { repositoryOf } from "../repository-of.js";
import { action, fail, type GetContext, jobId, withReadOnlyArchive } from "./helpers.js";

export interface TargetOptions {
  edition?: string;
  job?: string;
}

/** The edition or job named by --edition / --job (exactly one of them). */
export async function chosenTarget(db: ArchiveRepository, opts: TargetOptions): Promise<ExportTarget> {
  if (!opts.edition === !opts.job) fail(new Error("give exactly one of --edition <id> and --job <id>"));
  if (opts.edition && !/^[1-9]\d*$/.test(opts.edition))
    fail(new Error(`edition id must be a positive integer; got "${opts.edition}"`));
  return opts.edition ? editionTarget(db, Number(opts.edition)) : jobTarget(db, jobId(opts.job as string));
}

/** Streams to `<file>.part`, fsyncs, then renames: a file under the final name is always whole. */
async function writeWhole(file: string, source: NodeJS.ReadableStream) {
  const part = `${file}.part`;
  try {
    await pipeline(source, createWriteStream(part));
    const fd = openSync(part, "r");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(part, file);
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  }
}

/** Sets final_zim_path: directly, or through the server when it holds the database. */
async function recordZim(dataDir: string, target: ExportTarget, file: string, getContext: GetContext) {
  if (archiveHeldByAnotherProcess(dataDir)) {
    const r = await handOff(
      dataDir,
      { op: "record-zim", kind: target.kind, id: target.id, file },
      { timeoutMs: 120_000 },
    );
    if (!r.ok) fail(new Error(r.summary));
    return;
  }
  const ctx = await getContext();
  await recordZimPath(repositoryOf(ctx), target.jobs, file, new Date().toISOString());
}

export function registerOfflineCli(archive: Command, getContext: GetContext) {
  archive
    .command("export-wacz")
    .description(
      "Write an annual edition or one crawl job as a WACZ package (opens in ReplayWeb.page, offline)",
    )
    .option("--edition <id>", "annual edition id")
    .option("--job <id>", "crawl job id")
    .option("--out <file>", "where to write it (default: chc-archive-<source>-<year>.wacz here)")
    .action(
      action(async (opts: TargetOptions & { out?: string }) => {
        await withReadOnlyArchive(async (db) => {
          const pkg = await buildWacz(db, await chosenTarget(db, opts));
          const out = path.resolve(opts.out ?? pkg.filename);
          await writeWhole(out, pkg.stream);
          process.stdout.write(
            `wrote ${out}: ${pkg.warcs} WARC file(s), ${pkg.pages} page(s), ${pkg.size} bytes\n`,
          );
        });
      }),
    );

  archive
    .command("export-zim")
    .description(
      "Build a ZIM file (Kiwix) of an annual edition's pages or one crawl job's, and record it as final_zim_path",
    )
    .option("--edition <id>", "annual edition id")
    .option("--job <id>", "crawl job id")
    .option(
      "--out-dir <folder>",
      "folder to write it in (default: DATA_DIR/archive/zim); the file is named after the edition (chc-archive-<source>-<year>.zim) or the job (chc-archive-<source>-job-<id>-<name>.zim)",
    )
    .action(
      action(async (opts: TargetOptions & { outDir?: string }) => {
        const zimwriterfs = findOnPath("zimwriterfs");
        if (!zimwriterfs) fail(new Error(ZIM_INSTALL_HINT));
        await withReadOnlyArchive(async (db, dataDir) => {
          const target = await chosenTarget(db, opts);
          // The name is never chosen by hand: final_zim_path must say which edition or job it holds.
          const out = path.resolve(opts.outDir ?? path.join(dataDir, "archive", "zim"), zimFileName(target));
          mkdirSync(path.dirname(out), { recursive: true });
          const zim = await buildZim(db, target, out, zimwriterfs as string);
          await recordZim(dataDir, target, out, getContext);
          process.stdout.write(
            `wrote ${out}: ${zim.pages} page(s), ${zim.files} file(s), ${zim.bytes} bytes; final_zim_path set on ${target.jobs.length} job(s)\n`,
          );
        });
      }),
    );
}
