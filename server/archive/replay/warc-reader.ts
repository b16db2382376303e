/**
 * Reads the job's WARC files back with warcio: every response record with its byte offset (for
 * the indexer) and one record at a known offset (for replay, without reading the whole file).
 */
import { createReadStream, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { WARCParser, type WARCRecord } from "warcio";

export interface ReadRecord {
  url: string;
  date: string;
  recordId: string;
  offset: number;
  length: number;
  status: number;
  headers: Headers;
  body: Uint8Array;
}

async function toReadRecord(record: WARCRecord, offset: number, length: number): Promise<ReadRecord> {
  const body = await record.readFully(true);
  const info = record.getResponseInfo();
  return {
    url: record.warcTargetURI ?? "",
    date: record.warcDate ?? "",
    recordId: record.warcHeader("WARC-Record-ID") ?? "",
    offset,
    length,
    status: Number(info?.status ?? 0),
    headers:
      info?.headers instanceof Headers
        ? info.headers
        : new Headers((info?.headers as unknown as ConstructorParameters<typeof Headers>[0]) ?? {}),
    body,
  };
}

/** Every response record of a WARC file, in file order. */
export async function* readResponses(file: string): AsyncGenerator<ReadRecord> {
  const parser = new WARCParser(createReadStream(file));
  let end = 0;
  for await (const record of parser) {
    if (record.warcType !== "response") {
      await record.skipFully();
    } else {
      yield await toReadRecord(record, parser.offset, parser.recordLength);
    }
    end = parser.offset + parser.recordLength;
  }
  // warcio stops quietly at a damaged record; a file not read to its end is corrupt.
  const size = statSync(file).size;
  if (end < size) throw new Error(`${file} is damaged after byte ${end} of ${size}`);
}

/** The one record stored at `offset` (length bytes, gzip member). */
export async function readRecordAt(file: string, offset: number, length: number): Promise<ReadRecord> {
  const handle = await open(file, "r");
  try {
    const buf = new Uint8Array(length);
    await handle.read(buf, 0, length, offset);
    const parser = new WARCParser([buf]);
    const record = await parser.parse();
    if (!record) throw new Error(`no WARC record at ${offset} in ${file}`);
    return await toReadRecord(record, offset, length);
  } finally {
    await handle.close();
  }
}
