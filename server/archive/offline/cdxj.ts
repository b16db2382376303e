/**
 * The CDXJ index of a package (pywb's format, which WACZ requires): one line per response record,
 * `<SURT key> <14-digit timestamp> {"url", "mime", "status", "length", "offset", "filename"}`,
 * sorted by byte order so a replayer can binary-search it. Built from each job's replay index
 * (written by the indexer with every response's offset and length), or from the WARCs themselves
 * when that index is missing. Only the index lines are held in memory, never a WARC.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { getSurt } from "warcio";
import { type CdxEntry, REPLAY_INDEX, warcFilesOf } from "../index/indexer.js";
import { readResponses } from "../replay/warc-reader.js";
import type { ExportJob } from "./offline-store.js";

export interface PackagedWarc {
  /** File name inside `archive/` (job WARC names carry the job id, so they never collide). */
  name: string;
  file: string;
  size: number;
}

/** The 14-digit CDX timestamp of an ISO date (WARC-Date). */
export const cdxTimestamp = (iso: string) => iso.replace(/\D/g, "").slice(0, 14).padEnd(14, "0");

export function cdxjLine(e: CdxEntry): string {
  const fields: Record<string, string> = { url: e.url };
  if (e.mime) fields.mime = e.mime;
  fields.status = String(e.status);
  fields.length = String(e.length);
  fields.offset = String(e.offset);
  fields.filename = e.file;
  return `${getSurt(e.url)} ${cdxTimestamp(e.ts)} ${JSON.stringify(fields)}`;
}

/** Every response record of a job: from its replay index, or read from its WARCs when that is missing. */
export async function* captureEntries(jobDir: string): AsyncGenerator<CdxEntry> {
  const index = path.join(jobDir, REPLAY_INDEX);
  if (existsSync(index)) {
    for await (const line of createInterface({ input: createReadStream(index), crlfDelay: Infinity }))
      if (line.trim()) yield JSON.parse(line) as CdxEntry;
    return;
  }
  for (const file of warcFilesOf(jobDir))
    for await (const r of readResponses(path.join(jobDir, file)))
      yield {
        url: r.url,
        ts: r.date,
        file,
        offset: r.offset,
        length: r.length,
        status: r.status,
        mime: (r.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase(),
      };
}

/** The jobs' WARC files (sizes fixed now: a package copies exactly these bytes) and their sorted CDXJ. */
export async function indexForPackage(
  jobs: readonly ExportJob[],
): Promise<{ warcs: PackagedWarc[]; cdxj: Buffer }> {
  const warcs: PackagedWarc[] = [];
  const lines: string[] = [];
  for (const job of jobs) {
    const names = warcFilesOf(job.output_dir);
    for (const name of names) {
      const file = path.join(job.output_dir, name);
      warcs.push({ name, file, size: statSync(file).size });
    }
    for await (const e of captureEntries(job.output_dir)) {
      // A replay index naming a file that is gone would send a replayer to nothing.
      if (!names.includes(e.file))
        throw new Error(`job ${job.id}: its replay index names ${e.file}, which is not among its WARC files`);
      lines.push(cdxjLine(e));
    }
  }
  const seen = new Set<string>();
  for (const w of warcs) {
    if (seen.has(w.name)) throw new Error(`two jobs have a WARC file named ${w.name}`);
    seen.add(w.name);
  }
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { warcs, cdxj: Buffer.from(lines.length ? `${lines.join("\n")}\n` : "") };
}
