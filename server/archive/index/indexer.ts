/**
 * Indexes a crawled job: reads every response record of its WARCs with warcio, writes a replay
 * index for all captures (`<job>/index.cdxj`, JSON lines: url, timestamp, file, offset, length,
 * status, mime), where each captured redirect led (capture_redirects, for search by an old
 * address), and one snapshot per HTML page or PDF document (extract-pdf.ts), in batches whose snapshot and FTS rows share a
 * transaction. A backend may take several batches at once (`captureBatchesAtOnce`, PostgreSQL):
 * the captures are then gathered into as many batches side by side, each for its own URL groups,
 * so batches under way at once hold different pages (see repository-pg/captures.ts).
 * Resumable: records already indexed (by WARC record id) are skipped, so
 * `retry-job` after `index_failed` continues without duplicates (contentless FTS4 rows cannot be
 * deleted, so we never need to).
 */

import { createHash } from "node:crypto";
import { readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { normalizeUrlGroup } from "../../../shared/archive/normalize-url.js";
import { LEGACY_SHARD_KIND } from "../jobs/job-files.js";
import { captureText } from "../replay/capture-text.js";
import { readResponses } from "../replay/warc-reader.js";
import type { JobRow, NewRedirect, NewSnapshot } from "../repository.js";
import { asArchiveRepository, type StoreOrRepository } from "../repository-of.js";
import { feedSearchIndex, type IndexedText } from "../search/search-index.js";
import { detectLanguage, extractText } from "./extract-page.js";
import { extractPdf, PDF_TYPES } from "./extract-pdf.js";

export const REPLAY_INDEX = "index.cdxj";
/** shard_kind of jobs made from imported WARC files (`archive import-warc`). */
export { LEGACY_SHARD_KIND } from "../jobs/job-files.js";

// Small batches by default: on sql.js each is one synchronous transaction, so the event loop is
// never held for long. A backend may ask for larger ones (`captureBatchSize`).
const BATCH = 50;
/** Captured redirects written at once (a statement on PostgreSQL, a transaction on sql.js). */
const REDIRECT_BATCH = 1000;

export interface CdxEntry {
  url: string;
  ts: string;
  file: string;
  offset: number;
  length: number;
  status: number;
  mime: string;
}

/** The job's WARC files: gzipped as the crawler writes them, or plain as some imports come. */
export function warcFilesOf(jobDir: string): string[] {
  try {
    return readdirSync(jobDir)
      .filter((f) => f.endsWith(".warc.gz") || f.endsWith(".warc"))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Control characters a page may carry in its title or text (a NUL, a bell): dropped, as they would
 * reach the API, the CSV export and a ZIM's welcome page (where a NUL ends the page). Tab, line
 * feed and carriage return are white space, so they read as spaces (and line breaks in the text).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
export const cleanTitle = (title: string) => title.replace(CONTROL, "").replace(/\s+/g, " ").trim();
export const cleanText = (text: string) =>
  text
    .replace(CONTROL, "")
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");

const snippetOf = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 300 ? `${flat.slice(0, 297).replace(/\s+\S*$/, "")}…` : flat;
};

/** Where a 3xx capture with a Location led (web addresses only), for search by its address. */
function redirectOf(
  url: string,
  status: number,
  location: string | null,
): Omit<NewRedirect, "capture_timestamp"> | null {
  if (status < 300 || status > 399 || !location) return null;
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    return null;
  }
  target.hash = "";
  if (!/^https?:$/.test(target.protocol) || target.href === url) return null;
  if (url.length > 2000 || target.href.length > 2000) return null;
  return {
    url,
    normalized_url_group: normalizeUrlGroup(url) ?? url,
    status_code: status,
    target_url: target.href,
    target_group: normalizeUrlGroup(target.href) ?? target.href,
  };
}

/** Which of the batches gathered side by side takes a URL group's captures: always the same one. */
function batchOf(group: string, batches: number): number {
  return createHash("sha1").update(group).digest().readUInt32BE(0) % batches;
}

export interface IndexResult {
  snapshots: number;
  skipped: number;
  captures: number;
  /** Documents left out of search (a malformed or password-protected PDF), with the reason. */
  unreadable: { url: string; reason: string }[];
}

export interface IndexOptions {
  /** Captures per transaction (default: the backend's `captureBatchSize`, else 50). */
  batchSize?: number;
}

export async function indexJob(
  db: StoreOrRepository,
  job: JobRow,
  now: () => string,
  onBatch?: (n: number) => void,
  opts: IndexOptions = {},
): Promise<IndexResult> {
  const repo = asArchiveRepository(db);
  const batchSize = opts.batchSize ?? repo.captureBatchSize ?? BATCH;
  const done = await repo.indexedRecordIds(job.id);
  // Salvaged WARCs come from another crawler or an older system: their fidelity is not ours to vouch for.
  const legacy = job.shard_kind === LEGACY_SHARD_KIND;
  const cdx: CdxEntry[] = [];
  let created = 0;
  let skipped = 0;
  const unreadable: IndexResult["unreadable"] = [];
  const redirects: NewRedirect[] = [];
  const write = async (rows: NewSnapshot[]) => {
    const ids = await repo.recordCaptures(job.id, rows, now());
    // The in-memory search index learns the new snapshots as FTS4 just did.
    const texts: IndexedText[] = rows.map((r, i) => ({
      id: ids[i],
      title: r.title ?? "",
      url: r.url,
      text: r.text,
    }));
    await feedSearchIndex(repo, texts);
    created += rows.length;
    onBatch?.(created);
  };
  // A batch is written while the next is read from the WARC files (or, when the backend takes
  // several at once, that many are handed over); batches commit in the order they are handed over.
  const atOnce = Math.max(1, repo.captureBatchesAtOnce ?? 1);
  const batches: NewSnapshot[][] = Array.from({ length: atOnce }, () => []);
  const writing: Promise<void>[] = [];
  const flush = async (i: number) => {
    if (!batches[i].length) return;
    const rows = batches[i];
    batches[i] = [];
    if (writing.length >= atOnce) await writing.shift();
    const written = write(rows);
    // Its failure is thrown by a later flush's wait (or the last one), not left unhandled meanwhile.
    written.catch(() => {});
    writing.push(written);
  };
  try {
    for (const file of warcFilesOf(job.output_dir)) {
      const full = path.join(job.output_dir, file);
      for await (const rec of readResponses(full)) {
        const mime = (rec.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
        cdx.push({
          url: rec.url,
          ts: rec.date,
          file,
          offset: rec.offset,
          length: rec.length,
          status: rec.status,
          mime,
        });
        const redirect = redirectOf(rec.url, rec.status, rec.headers.get("location"));
        if (redirect) {
          redirects.push({ ...redirect, capture_timestamp: new Date(rec.date).toISOString() });
          if (redirects.length >= REDIRECT_BATCH) await repo.recordRedirects(job.id, redirects.splice(0));
        }
        const pdf = PDF_TYPES.has(mime);
        if (mime !== "text/html" && mime !== "application/xhtml+xml" && !pdf) continue;
        if (done.has(rec.recordId)) {
          skipped++;
          continue;
        }
        let extracted: { title: string; lang: string | null; text: string };
        if (pdf) {
          // A PDF is read only when it was served (not an error page sent as application/pdf).
          if (rec.status < 200 || rec.status > 299) continue;
          const read = await extractPdf(rec.body, rec.url);
          if ("skipped" in read) {
            unreadable.push({ url: rec.url, reason: read.skipped });
            continue;
          }
          extracted = read;
        } else extracted = extractText(captureText(rec.body, rec.headers.get("content-type")));
        const group = normalizeUrlGroup(rec.url);
        // A capture without a group is its URL's page (as search_pages keys it).
        const into = atOnce > 1 ? batchOf(group ?? rec.url, atOnce) : 0;
        const page = { ...extracted, title: cleanTitle(extracted.title), text: cleanText(extracted.text) };
        batches[into].push({
          job_id: job.id,
          source_id: job.source_id,
          url: rec.url,
          normalized_url_group: group,
          capture_timestamp: new Date(rec.date).toISOString(),
          mime_type: mime,
          status_code: rec.status,
          title: page.title.slice(0, 500) || null,
          snippet: snippetOf(page.text) || null,
          language: detectLanguage(page.lang, page.text),
          capture_backend: legacy ? "legacy_warc" : "node_warc",
          capture_fidelity: legacy ? "unknown" : "high",
          provenance_json: JSON.stringify({
            warc_file: file,
            warc_offset: rec.offset,
            warc_length: rec.length,
            crawler: legacy ? "legacy WARC import" : "chc-archive-bot/1.0",
          }),
          warc_path: full,
          warc_record_id: rec.recordId,
          content_hash: createHash("sha256").update(rec.body).digest("hex"),
          text: page.text,
        });
        if (batches[into].length >= batchSize) await flush(into);
      }
    }
    // Before the last batches: a search cached under the job's last snapshot id has them all.
    await repo.recordRedirects(job.id, redirects);
    for (let i = 0; i < atOnce; i++) await flush(i);
  } finally {
    // Never return (or fail) while a batch is still being written.
    for (const w of writing) await w.catch(() => {});
  }
  for (const w of writing) await w;
  const tmp = path.join(job.output_dir, `${REPLAY_INDEX}.tmp`);
  writeFileSync(tmp, cdx.map((c) => JSON.stringify(c)).join("\n") + (cdx.length ? "\n" : ""));
  renameSync(tmp, path.join(job.output_dir, REPLAY_INDEX));
  return { snapshots: created, skipped, captures: cdx.length, unreadable };
}
