/**
 * The crawl's capture log, `<job>/captures.jsonl`: one line per URL handled, appended right after
 * its WARC records are written. It is what makes a killed crawl resumable without refetching: a
 * line names the WARC byte range of the capture and the new in-scope URLs the page revealed, so
 * replaying the log rebuilds the done set and the frontier exactly. A torn last line is dropped,
 * and WARC bytes past the last logged range are cut off.
 */
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, truncateSync } from "node:fs";

export interface CaptureLine {
  u: string; // URL fetched
  k: "page" | "robots" | "error" | "excluded";
  t: string; // ISO time
  f?: string; // WARC file
  o?: number; // offset of the response record
  l?: number; // response record length
  p?: number; // response + request bytes
  s?: number; // HTTP status
  b?: number; // body bytes
  n?: string[]; // newly discovered in-scope URLs
  r?: string; // robots.txt text
  to?: string; // where a robots.txt redirect led (followed next), or a seed's redirect out of scope
  e?: string; // error or exclusion reason
  a?: number; // tries it took (the last one's answer is the one recorded)
}

export function readCaptureLog(file: string): CaptureLine[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  const lines: CaptureLine[] = [];
  let good = 0;
  let pos = 0;
  while (pos < text.length) {
    const end = text.indexOf("\n", pos);
    if (end < 0) break; // torn tail: no newline yet
    try {
      lines.push(JSON.parse(text.slice(pos, end)) as CaptureLine);
    } catch {
      break;
    }
    pos = end + 1;
    good = pos;
  }
  if (good < text.length) truncateSync(file, Buffer.byteLength(text.slice(0, good)));
  return lines;
}

export class CaptureLog {
  constructor(private readonly file: string) {
    if (!existsSync(file)) closeSync(openSync(file, "a"));
  }
  append(line: CaptureLine) {
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }
}
