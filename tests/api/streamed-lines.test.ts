/**
 * Line-by-line answers (HSDS `format=ndjson`) on the real server with demo data: they go out as
 * they are written, so they carry no length and no tag (either needs the whole body first), and a
 * client that accepts gzip or deflate gets them compressed as they stream. Before, the server read
 * the whole list into memory to tag it, held back the first line until the last, and sent it
 * uncompressed (Hono's list of compressible types has no NDJSON).
 */
import { gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const NDJSON = "/api/hsds/services?format=ndjson&full=true";

async function lines(res: Response, decode: (b: Buffer) => Buffer = (b) => b) {
  const text = decode(Buffer.from(await res.arrayBuffer())).toString("utf8");
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string });
}

describe("NDJSON answers stream", () => {
  it("carry no Content-Length or ETag, as they are written", async () => {
    const res = await fetch(`${server.baseUrl}${NDJSON}`, { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-encoding")).toBeNull();
    const plain = await lines(res);
    const total = (
      (await (await fetch(`${server.baseUrl}/api/hsds/services?minimal=true&per_page=1`)).json()) as {
        total_items: number;
      }
    ).total_items;
    expect(plain).toHaveLength(total);
  });

  it("are compressed as they stream when the client accepts gzip or deflate, with the same lines", async () => {
    const plain = await lines(
      await fetch(`${server.baseUrl}${NDJSON}`, { headers: { "accept-encoding": "identity" } }),
    );
    for (const [encoding, decode] of [
      ["gzip", gunzipSync],
      ["deflate", inflateSync],
    ] as const) {
      // undici would decode it itself: read the raw bytes through node:http instead.
      const { headers, body } = await rawGet(`${server.baseUrl}${NDJSON}`, encoding);
      expect(headers["content-encoding"], encoding).toBe(encoding);
      expect(headers["content-length"], encoding).toBeUndefined();
      expect(headers.vary ?? "").toMatch(/Accept-Encoding/);
      const decoded = decode(body).toString("utf8").split("\n").filter(Boolean);
      expect(decoded.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(plain.map((l) => l.id));
      expect(body.byteLength).toBeLessThan(Buffer.byteLength(decoded.join("\n")) / 3);
    }
  });
});

async function rawGet(url: string, encoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
        .on("error", reject)
        .end();
    },
  );
}
