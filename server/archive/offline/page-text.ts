/**
 * The visible text of each exported page, for the `text` field of a WACZ's `pages.jsonl`: readers
 * such as ReplayWeb.page build their full-text search from it (without it they match titles and
 * URLs only). Read from the page's own WARC record, found through the jobs' capture index, and
 * extracted as the indexer extracts it; one record is in memory at a time.
 */
import path from "node:path";
import { extractText } from "../index/extract-page.js";
import { captureText } from "../replay/capture-text.js";
import { readRecordAt } from "../replay/warc-reader.js";
import { captureEntries } from "./cdxj.js";
import type { ExportJob } from "./offline-store.js";

// A reader keeps every page's text in memory to search it: a very long page gives its first
// 20,000 characters, which carry the words a search would find it by.
export const PAGE_TEXT_MAX_CHARS = 20_000;
const HTML = new Set(["text/html", "application/xhtml+xml"]);

interface RecordAt {
  file: string;
  offset: number;
  length: number;
}

const keyOf = (url: string, isoDate: string) => `${new Date(isoDate).toISOString()} ${url}`;

/** Looks up the text of a page by its URL and capture time (the snapshot's `capture_timestamp`). */
export async function pageTextReader(
  jobs: readonly ExportJob[],
): Promise<(url: string, captureTimestamp: string) => Promise<string | null>> {
  const records = new Map<string, RecordAt>();
  for (const job of jobs)
    for await (const e of captureEntries(job.output_dir))
      if (e.status >= 200 && e.status <= 299 && HTML.has(e.mime))
        records.set(keyOf(e.url, e.ts), {
          file: path.join(job.output_dir, e.file),
          offset: e.offset,
          length: e.length,
        });
  return async (url, captureTimestamp) => {
    const at = records.get(keyOf(url, captureTimestamp));
    if (!at) return null;
    const { body, headers } = await readRecordAt(at.file, at.offset, at.length);
    const text = extractText(captureText(body, headers.get("content-type")))
      .text.replace(/\s+/g, " ")
      .trim();
    return text.length <= PAGE_TEXT_MAX_CHARS
      ? text
      : text.slice(0, PAGE_TEXT_MAX_CHARS).replace(/\s+\S*$/, "");
  };
}
