/**
 * Issue #18: how bodies are sent. Small answers go uncompressed even to a client that accepts gzip
 * (a gzip stream would cost more than it saves); larger ones are compressed, each encoding with its
 * own strong ETag, and a matching If-None-Match gets a 304. A cached list (/api/sources, serialized
 * once per data version) shows a write at once, with a new tag. HEAD sends what GET would, so a
 * client polling with HEAD gets its 304 too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSourceBaseUrl } from "../../server/archive/crawl/sources-store.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ modules: [createArchiveModule()], env: { ARCHIVE_DEMO_CRAWL: "0" } });
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers });

describe("compression", () => {
  it("sends small answers as they are, with their length, even when gzip is accepted", async () => {
    for (const path of ["/api/health", "/api/nothing-here"]) {
      const res = await get(path, { "accept-encoding": "gzip, deflate" });
      const text = await res.text();
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
    }
  });

  it("compresses a larger list, gives each encoding its own strong tag, and answers 304 to it", async () => {
    const identity = await get("/api/sources", { "accept-encoding": "identity" });
    const gzip = await get("/api/sources", { "accept-encoding": "gzip" });
    const deflate = await get("/api/sources", { "accept-encoding": "deflate" });
    const plain = await identity.text();
    expect(Buffer.byteLength(plain)).toBeGreaterThan(1024);
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(deflate.headers.get("content-encoding")).toBe("deflate");
    expect(await gzip.text()).toBe(plain);
    expect(await deflate.text()).toBe(plain);

    const tag = identity.headers.get("etag")!;
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(gzip.headers.get("etag")).toBe(`${tag.slice(0, -1)}-gzip"`);
    expect(deflate.headers.get("etag")).toBe(`${tag.slice(0, -1)}-deflate"`);

    const revalidated = await get("/api/sources", {
      "accept-encoding": "gzip",
      "if-none-match": gzip.headers.get("etag")!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(gzip.headers.get("etag"));
    // The identity tag does not validate the gzip representation.
    expect((await get("/api/sources", { "accept-encoding": "gzip", "if-none-match": tag })).status).toBe(200);
  });

  it("does the same for an answer built by c.json (the OpenAPI document)", async () => {
    const res = await get("/api/openapi.json", { "accept-encoding": "gzip" });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const tag = res.headers.get("etag")!;
    expect(tag).toMatch(/^"[^"]+-gzip"$/);
    expect((await res.json()).openapi).toBe("3.1.0");
    const again = await get("/api/openapi.json", { "accept-encoding": "gzip", "if-none-match": tag });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("HEAD", () => {
  const SAME_AS_GET = ["etag", "content-encoding", "content-type", "vary", "cache-control"];

  // /api/sources answers through send.ts; the OpenAPI document through c.body and the generic step.
  it.each(["/api/sources", "/api/openapi.json"])(
    "%s: HEAD sends GET's header fields, and GET's tag gets a 304 from HEAD",
    async (path) => {
      const headers = { "accept-encoding": "gzip" };
      const got = await get(path, headers);
      await got.arrayBuffer();
      const head = await fetch(`${server.baseUrl}${path}`, { method: "HEAD", headers });
      expect(head.status).toBe(200);
      expect(got.headers.get("content-encoding")).toBe("gzip");
      for (const name of SAME_AS_GET) expect(head.headers.get(name), name).toBe(got.headers.get(name));
      const polled = await fetch(`${server.baseUrl}${path}`, {
        method: "HEAD",
        headers: { ...headers, "if-none-match": got.headers.get("etag")! },
      });
      expect(polled.status).toBe(304);
    },
  );
});

it("shows a write in the cached source list at once, under a new tag", async () => {
  const first = await get("/api/sources", { "accept-encoding": "identity" });
  const before = (await first.json()).sources;
  const code = before[0].code as string;
  const store = server.contexts.get("archive")!.store;
  await setSourceBaseUrl(store, code, "https://example.org/moved/", new Date().toISOString());

  const after = await get("/api/sources", {
    "accept-encoding": "identity",
    "if-none-match": first.headers.get("etag")!,
  });
  expect(after.status).toBe(200);
  expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
  const moved = (await after.json()).sources.find((s: { code: string }) => s.code === code);
  expect(moved.baseUrl).toBe("https://example.org/moved/");
});
