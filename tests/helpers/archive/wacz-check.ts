/**
 * Reads a WACZ back the way a replayer would (yauzl for the zip, warcio for the WARCs) and checks
 * what the format promises: every file listed with its SHA-256 and size, the manifest's digest,
 * a sorted CDXJ whose every line points at a response record, and every response record indexed.
 */
import { createHash } from "node:crypto";
import { WARCParser } from "warcio";
import { fromBufferPromise } from "yauzl";

export interface ZipEntry {
  data: Buffer;
  /** 0 = stored, 8 = deflated. */
  method: number;
}

export async function readZip(buf: Buffer): Promise<Map<string, ZipEntry>> {
  const zip = await fromBufferPromise(buf, { lazyEntries: true });
  const out = new Map<string, ZipEntry>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out.set(entry.fileName, { data: Buffer.concat(chunks), method: entry.compressionMethod });
  }
  return out;
}

export const sha256 = (b: Buffer) => `sha256:${createHash("sha256").update(b).digest("hex")}`;

export interface CdxjRow {
  key: string;
  ts: string;
  url: string;
  mime?: string;
  status: string;
  length: string;
  offset: string;
  filename: string;
}

export const parseCdxj = (text: string): CdxjRow[] =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [key, ts] = line.split(" ", 2);
      return { key, ts, ...JSON.parse(line.slice(key.length + ts.length + 2)) };
    });

/** Every response record of a WARC held in memory, with its offset and length (gzip member). */
export async function responseRecords(warc: Buffer) {
  const parser = new WARCParser([warc]);
  const found: { url: string; offset: number; length: number; date: string }[] = [];
  for await (const record of parser) {
    await record.skipFully();
    if (record.warcType === "response")
      found.push({
        url: record.warcTargetURI ?? "",
        offset: parser.offset,
        length: parser.recordLength,
        date: record.warcDate ?? "",
      });
  }
  return found;
}

/** The record stored at offset/length, parsed on its own as a replayer reads it. */
export async function recordAt(warc: Buffer, offset: number, length: number) {
  const record = await new WARCParser([warc.subarray(offset, offset + length)]).parse();
  return { type: record?.warcType, url: record?.warcTargetURI, status: record?.httpHeaders?.statusCode };
}
