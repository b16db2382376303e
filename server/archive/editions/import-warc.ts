/**
 * Legacy full-site salvage: `archive import-warc --source S --year Y FILE…` brings WARC files made
 * by another crawler or an older system into the edition of (S, Y) as one `legacy-full-site` job,
 * indexed like any crawl. Every file is read to its end with warcio first; a file that is missing,
 * not a WARC, damaged or without a single response record stops the import before anything is
 * written. The same set of files cannot be imported twice into one edition: its shard key is a
 * digest of their contents.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  createReadStream,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { conflict, validationError } from "../../core/errors.js";
import { fsyncDir } from "../../db/durable-files.mjs";
import { LEGACY_SHARD_KIND } from "../index/indexer.js";
import { indexJobById } from "../jobs/job-runner.js";
import { readResponses } from "../replay/warc-reader.js";
import type { JobRow } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { refreshEdition } from "./refresh.js";

export interface ImportRequest {
  source: string;
  year: number;
  files: string[];
}

const isGzip = (file: string) => {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
};

function copyDurably(from: string, to: string) {
  copyFileSync(from, to);
  const fd = openSync(to, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Reads a file to its end as WARC; the number of response records, or a message saying what is wrong. */
async function checkWarc(file: string): Promise<number> {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(file);
  } catch {
    throw validationError(`${file} does not exist or cannot be read; nothing was imported`);
  }
  if (!stat.isFile()) throw validationError(`${file} is not a file; nothing was imported`);
  let responses = 0;
  try {
    for await (const rec of readResponses(file)) if (rec.url) responses++;
  } catch (err) {
    throw validationError(
      `${file} is not a readable WARC file (${String((err as Error).message ?? err).slice(0, 200)}); nothing was imported`,
    );
  }
  if (!responses)
    throw validationError(`${file} holds no WARC response record (is it a WARC file?); nothing was imported`);
  return responses;
}

export async function importWarc(
  db: StoreOrRepository,
  dataDir: string,
  req: ImportRequest,
  now: string,
  maxRetries: number,
): Promise<JobRow> {
  const repo = asArchiveRepository(db);
  const source = await repo.getSourceByCode(req.source);
  if (!source)
    throw validationError(`source "${req.source}" does not exist; use a source code such as demo or hc`);
  if (!Number.isInteger(req.year) || req.year < 1990 || req.year > 2100)
    throw validationError(`year must be between 1990 and 2100; got ${req.year}`);
  if (!req.files.length) throw validationError("name at least one WARC file to import");
  const files = req.files.map((f) => path.resolve(f));
  let records = 0;
  for (const f of files) records += await checkWarc(f);
  const digests = await Promise.all(files.map(sha256));
  const key = `${LEGACY_SHARD_KIND}|${createHash("sha256").update(digests.sort().join(",")).digest("hex").slice(0, 16)}`;

  const existing = await repo.findEdition(source.id, req.year);
  const same = existing && (await repo.editionJobs(existing.id)).find((j) => j.shard_key === key);
  if (same)
    throw conflict(`these files were already imported into ${req.source} ${req.year} as job ${same.id}`);

  // The files go straight to the job's own folder, durably; the job row that points to it is
  // written last, so a failure (or a crash) before then leaves no record, at most a stray folder.
  const dir = path.join(repo.warcRoot, "jobs", `legacy-${randomUUID()}`);
  let id: number;
  try {
    mkdirSync(dir, { recursive: true });
    for (const [i, f] of files.entries()) {
      const name = `legacy-${String(i + 1).padStart(5, "0")}.warc${isGzip(f) ? ".gz" : ""}`;
      copyDurably(f, path.join(dir, name));
    }
    fsyncDir(dir);
    const edition = await repo.ensureEdition(source.id, req.year, now);
    id = await repo.insertImportedJob(edition, {
      name: `${source.code}-${req.year}-legacy-${key.slice(-8)}`,
      shardKey: key,
      outputDir: dir,
      files: files.length,
      records,
      now,
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const indexed = await indexJobById({ store: repo, maxRetries }, id);
  await refreshEdition(repo, dataDir, indexed.edition_id!, now);
  return (await repo.getJob(id))!;
}
