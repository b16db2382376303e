/**
 * Appends captures to gzipped WARC files (one gzip member per record, so every record can be
 * read back alone from its offset). Each fetched URL is written as a response record and its
 * request record in one synchronous write, then the crawl's capture log is appended: a WARC byte
 * range not named in that log is a torn tail and is cut off on resume.
 */
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { WARCRecord, WARCSerializer } from "warcio";

export const WARC_SOFTWARE = "community-health-ca archive crawler (Node, warcio)";
const ROTATE_BYTES = 256 * 1024 * 1024;

export interface CapturedExchange {
  url: string;
  date: string; // ISO capture time
  method: string;
  requestHeaders: Record<string, string>;
  status: number;
  statusText: string;
  responseHeaders: [string, string][];
  body: Uint8Array;
  /** The body was cut at the crawl's size limit: the record says so (WARC-Truncated: length). */
  truncated?: boolean;
}

export interface WrittenRecord {
  file: string; // basename within the job folder
  offset: number; // start of the response record
  length: number; // bytes of the response record
  pairLength: number; // bytes of response + request records
  recordId: string;
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

export async function serializeExchange(
  x: CapturedExchange,
): Promise<{ response: Uint8Array; request: Uint8Array; recordId: string }> {
  const warcVersion = "WARC/1.1" as const;
  const headers = x.responseHeaders.filter(
    ([k]) => !/^(transfer-encoding|content-encoding|content-length)$/i.test(k),
  );
  headers.push(["Content-Length", String(x.body.byteLength)]);
  const response = WARCRecord.create(
    {
      url: x.url,
      date: x.date,
      type: "response",
      warcVersion,
      httpHeaders: headers,
      statusline: `HTTP/1.1 ${x.status} ${x.statusText}`,
      ...(x.truncated ? { warcHeaders: { "WARC-Truncated": "length" } } : {}),
    },
    once(x.body),
  );
  const recordId = response.warcHeader("WARC-Record-ID") ?? "";
  const u = new URL(x.url);
  const request = WARCRecord.create(
    {
      url: x.url,
      date: x.date,
      type: "request",
      warcVersion,
      httpHeaders: { Host: u.host, ...x.requestHeaders },
      statusline: `${x.method} ${u.pathname}${u.search} HTTP/1.1`,
      warcHeaders: { "WARC-Concurrent-To": recordId },
    },
    once(new Uint8Array()),
  );
  return {
    // Records are serialized by warcio and compressed by node:zlib (native, several times faster
    // than warcio's stream compression); each record is still its own gzip member.
    response: gzipSync(await WARCSerializer.serialize(response)),
    request: gzipSync(await WARCSerializer.serialize(request)),
    recordId,
  };
}

/** One writer per crawl; rotates to a new numbered file past ROTATE_BYTES. Closed, it writes nothing more. */
export class WarcWriter {
  private fd = -1;
  private size = 0;
  private seq: number;
  private current = "";
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly prefix: string,
    startSeq: number,
  ) {
    this.seq = startSeq;
  }

  static fileName(prefix: string, seq: number) {
    return `${prefix}-${String(seq).padStart(5, "0")}.warc.gz`;
  }

  /** Reopens `file` for appending after cutting it to `validBytes` (drops a torn tail). */
  resume(file: string, validBytes: number) {
    this.assertOpen();
    this.closeFile();
    this.current = file;
    this.fd = openSync(path.join(this.dir, file), "r+");
    if (fstatSync(this.fd).size > validBytes) ftruncateSync(this.fd, validBytes);
    this.size = validBytes;
  }

  /** Throws once the writer is closed: nothing is written (or opened) after that. */
  private assertOpen() {
    if (this.closed) throw new Error(`the WARC writer of ${this.prefix} is closed; nothing more is written`);
  }

  private async ensureFile(): Promise<void> {
    if (this.fd >= 0 && this.size < ROTATE_BYTES) return;
    const seq = this.current ? this.seq + 1 : this.seq;
    const name = WarcWriter.fileName(this.prefix, seq);
    const info = await WARCRecord.createWARCInfo(
      { filename: name, warcVersion: "WARC/1.1" },
      { software: WARC_SOFTWARE, format: "WARC File Format 1.1" },
    );
    const bytes = gzipSync(await WARCSerializer.serialize(info));
    // Closed, or the file opened by another append, while the warcinfo record was being made.
    this.assertOpen();
    if (this.fd >= 0 && this.size < ROTATE_BYTES) return;
    this.closeFile();
    this.seq = seq;
    this.current = name;
    this.fd = openSync(path.join(this.dir, this.current), "w");
    this.size = writeSync(this.fd, bytes, 0, bytes.byteLength, 0);
  }

  get fileName() {
    return this.current;
  }

  async append(x: CapturedExchange): Promise<WrittenRecord> {
    const { response, request, recordId } = await serializeExchange(x);
    await this.ensureFile();
    this.assertOpen();
    const both = new Uint8Array(response.byteLength + request.byteLength);
    both.set(response, 0);
    both.set(request, response.byteLength);
    const offset = this.size;
    let written = 0;
    // Explicit positions: a resumed file is opened r+ with its cursor at 0.
    while (written < both.byteLength)
      written += writeSync(this.fd, both, written, both.byteLength - written, offset + written);
    this.size += both.byteLength;
    return { file: this.current, offset, length: response.byteLength, pairLength: both.byteLength, recordId };
  }

  sync() {
    if (this.fd >= 0) fsyncSync(this.fd);
  }

  /** Ends the writer: its file is synced and closed, and any later append throws. */
  close() {
    this.closed = true;
    this.closeFile();
  }

  private closeFile() {
    if (this.fd >= 0) {
      fsyncSync(this.fd);
      closeSync(this.fd);
    }
    this.fd = -1;
  }
}
