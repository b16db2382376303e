// A server that compresses its answer although the crawler asked for none: the page is stored as
// the page, not as the compressed bytes (the record keeps no Content-Encoding to undo them by).
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetcher } from "./http-fetch.js";

const PAGE = `<html><head><title>Santé publique</title></head><body>${"<p>Fièvre et toux.</p>".repeat(2000)}</body></html>`;
const encoders: Record<string, (b: Buffer) => Buffer> = {
  gzip: zlib.gzipSync,
  deflate: zlib.deflateSync,
  br: zlib.brotliCompressSync,
};

let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const encoding = req.url?.slice(1) ?? "";
    if (encoding === "empty-redirect") {
      res.writeHead(301, { location: "/gzip", "content-encoding": "gzip", "content-length": "0" });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": encoding });
    res.end(encoders[encoding](Buffer.from(PAGE)));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

describe("createFetcher", () => {
  const fetcher = createFetcher({ policy: null });
  afterAll(() => fetcher.close());

  it.each(Object.keys(encoders))("decodes a body sent with Content-Encoding: %s", async (encoding) => {
    const res = await fetcher.fetch(
      `${base}/${encoding}`,
      { "accept-encoding": "identity" },
      5_000,
      10_000_000,
    );
    expect(res.status).toBe(200);
    expect(res.body.toString("utf8")).toBe(PAGE);
    expect(res.truncated).toBe(false);
  });

  it("counts the decoded bytes against the size limit", async () => {
    const res = await fetcher.fetch(`${base}/gzip`, {}, 5_000, 1_000);
    expect(res.truncated).toBe(true);
    expect(res.body.toString("utf8")).toBe(Buffer.from(PAGE).subarray(0, 1_000).toString("utf8"));
  });

  it("takes an empty answer that names an encoding as empty", async () => {
    const res = await fetcher.fetch(`${base}/empty-redirect`, {}, 5_000, 1_000);
    expect(res.status).toBe(301);
    expect(res.body.byteLength).toBe(0);
  });
});
