/**
 * Reads the job's WARC files back with warcio: every response record with its byte offset (for
 * the indexer) and one record at a known offset (for replay, without reading the whole file).
 */
import { createReadStream, statSync } from "node:fs";
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

async function toReadRecord(record: WARCRecord, offset: number): Promise<ReadRecord> {
  const body = await record.readFully(true);
  const info = record.getResponseInfo();
  return {
    url: record.warcTargetURI ?? "",
    date: record.warcDate ?? "",
    recordId: record.warcHeader("WARC-Record-ID") ?? "",
    offset,
    // Set by the caller once the record's end is known.
    length: 0,
    status: Number(info?.status ?? 0),
    headers:
      info?.headers instanceof Headers
        ? info.headers
        : new Headers((info?.headers as unknown as ConstructorParameters<typeof Headers>[0]) ?? {}),
    body,
  };
}

/**
 * Every response record of a WARC file, in file order. A record's length is known only once the
 * parser stands at the next record (or the file's end): warcio's recordLength counts the
 * compressed bytes read so far, which for a record larger than one read of the file (64 KiB)
 * stops at the end of that read.
 */
export async function* readResponses(file: string): AsyncGenerator<ReadRecord> {
  const parser = new WARCParser(createReadStream(file));
  let pending: ReadRecord | undefined;
  for await (const record of parser) {
    if (pending) {
      pending.length = parser.offset - pending.offset;
      yield pending;
      pending = undefined;
    }
    if (record.warcType !== "response") await record.skipFully();
    else pending = await toReadRecord(record, parser.offset);
  }
  // Past the last record, the parser's offset is the end of what it could read.
  const end = parser.offset;
  if (pending) {
    pending.length = end - pending.offset;
    yield pending;
  }
  // warcio stops quietly at a damaged record; a file not read to its end is corrupt.
  const size = statSync(file).size;
  if (end < size) throw new Error(`${file} is damaged after byte ${end} of ${size}`);
}

/**
 * The one record stored at `offset`. `length` (its gzip member's size) sizes the one read that
 * usually holds it; the record is read on to its end if it is longer, as it is in the indexes of
 * archives made before readResponses measured records whole.
 */
export async function readRecordAt(file: string, offset: number, length: number): Promise<ReadRecord> {
  const stream = createReadStream(file, { start: offset, highWaterMark: Math.max(length, 16 * 1024) });
  try {
    const parser = new WARCParser(stream);
    const record = await parser.parse();
    if (!record) throw new Error(`no WARC record at ${offset} in ${file}`);
    return { ...(await toReadRecord(record, offset)), length };
  } finally {
    stream.destroy();
  }
}
