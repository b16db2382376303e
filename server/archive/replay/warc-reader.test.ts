// Records read back from a gzipped WARC carry the byte range of their own gzip member, whatever
// their size: the indexer stores that range, and replay, the diffs and the offline editions read
// the record back from it alone.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../tests/helpers/scratch-dir.js";
import { serializeExchange } from "../crawl/warc-writer.js";
import { readRecordAt, readResponses } from "./warc-reader.js";

const exchange = (url: string, body: Uint8Array, type = "text/html") => ({
  url,
  date: "2026-11-30T12:00:00Z",
  method: "GET",
  requestHeaders: {},
  status: 200,
  statusText: "OK",
  responseHeaders: [["Content-Type", type]] as [string, string][],
  body,
});

describe("readResponses", () => {
  it("gives each record its whole gzip member, also past one read of the file (64 KiB)", async () => {
    const longText = Array.from({ length: 30_000 }, (_, i) => `<p>Paragraph ${i} about influenza.</p>`).join(
      "",
    );
    const bodies = [
      new TextEncoder().encode("<h1>small</h1>"),
      new Uint8Array(randomBytes(400_000)), // a PDF or image: barely compresses
      new TextEncoder().encode(longText), // 1 MB of text
      new TextEncoder().encode("<h1>last</h1>"),
    ];
    const file = path.join(scratchDir("warc-reader-"), "job-00001.warc.gz");
    const expected: { offset: number; length: number }[] = [];
    const parts: Uint8Array[] = [];
    let at = 0;
    for (const [i, body] of bodies.entries()) {
      const { response, request } = await serializeExchange(exchange(`https://example.org/${i}`, body));
      expected.push({ offset: at, length: response.byteLength });
      parts.push(response, request);
      at += response.byteLength + request.byteLength;
    }
    writeFileSync(file, Buffer.concat(parts));

    const read = [];
    for await (const rec of readResponses(file)) read.push(rec);
    expect(read.map((r) => ({ offset: r.offset, length: r.length }))).toEqual(expected);
    const bytes = readFileSync(file);
    for (const [i, rec] of read.entries()) {
      expect(Buffer.from(rec.body).equals(Buffer.from(bodies[i]))).toBe(true);
      // The range is one complete gzip member (zlib refuses a cut one) …
      expect(() => gunzipSync(bytes.subarray(rec.offset, rec.offset + rec.length))).not.toThrow();
      // … from which the record reads back whole.
      const again = await readRecordAt(file, rec.offset, rec.length);
      expect(again.body.byteLength).toBe(bodies[i].byteLength);
      // An index written before records were measured whole named only part of a large one.
      const fromShortIndex = await readRecordAt(file, rec.offset, Math.min(rec.length, 4096));
      expect(Buffer.from(fromShortIndex.body).equals(Buffer.from(bodies[i]))).toBe(true);
    }
  });
});
