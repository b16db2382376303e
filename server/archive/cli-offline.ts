/**
 * `chc archive export-wacz` and `export-zim`: an edition (or one job) as a file a researcher can
 * open offline. Both read the database read-only, so they run beside a running server.
 */
import { closeSync, createWriteStream, fsyncSync, openSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Command } from "commander";
import { loadConfig } from "../core/config.js";
import { createStore } from "../db/store.js";
import type { Reader } from "../db/types.js";
import { action, fail, jobId } from "./cli-helpers.js";
import { type ExportTarget, editionTarget, jobTarget } from "./offline/offline-store.js";
import { buildWacz } from "./offline/wacz.js";

export interface TargetOptions {
  edition?: string;
  job?: string;
}

/** The edition or job named by --edition / --job (exactly one of them). */
export function chosenTarget(db: Reader, opts: TargetOptions): ExportTarget {
  if (!opts.edition === !opts.job) fail(new Error("give exactly one of --edition <id> and --job <id>"));
  if (opts.edition && !/^[1-9]\d*$/.test(opts.edition))
    fail(new Error(`edition id must be a positive integer; got "${opts.edition}"`));
  return opts.edition ? editionTarget(db, Number(opts.edition)) : jobTarget(db, jobId(opts.job as string));
}

/** Opens archive.sqlite read-only for the duration of `fn`. */
export async function withReadOnlyArchive<T>(fn: (db: Reader, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = loadConfig().DATA_DIR;
  const store = await createStore({ dataDir, name: "archive", readOnly: true });
  try {
    return await fn(store, dataDir);
  } finally {
    await store.close();
  }
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

export function registerOfflineCli(archive: Command) {
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
          const pkg = await buildWacz(db, chosenTarget(db, opts));
          const out = path.resolve(opts.out ?? pkg.filename);
          await writeWhole(out, pkg.stream);
          process.stdout.write(
            `wrote ${out}: ${pkg.warcs} WARC file(s), ${pkg.pages} page(s), ${pkg.size} bytes\n`,
          );
        });
      }),
    );
}
