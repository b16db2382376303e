import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_HEADERS } from "../helpers/admin-token.js";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ modules: [probeModule], env: { RATE_LIMIT_PER_MINUTE: "100000" } });
});
afterAll(() => server.close());

const url = (p: string) => `${server.baseUrl}${p}`;

describe("error envelope", () => {
  it("answers an unknown API path with a 404 envelope, not the web page", async () => {
    const res = await fetch(url("/api/no-such-thing"));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: "NotFound" });
    expect(body.message).toContain("/api/no-such-thing");
  });

  it("rejects malformed JSON with 400 ValidationError", async () => {
    const res = await fetch(url("/api/probe/echo"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      error: "ValidationError",
      message: expect.stringMatching(/JSON/),
    });
  });

  it("rejects a wrong content type with 415", async () => {
    const res = await fetch(url("/api/probe/echo"), {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "name=x",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, error: "UnsupportedMediaType" });
  });

  it("rejects a 2 MB body with 413", async () => {
    const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
    const res = await fetch(url("/api/probe/echo"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, error: "PayloadTooLarge" });
  });

  it("answers a handler that throws with 500 InternalError and no stack or detail", async () => {
    const res = await fetch(url("/api/probe/throw"));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ success: false, error: "InternalError" });
    expect(text).not.toContain("secret internal detail");
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it("names the bad query parameter and the allowed values", async () => {
    const res = await fetch(url("/api/probe/items?kind=zzz"));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("ValidationError");
    expect(body.message).toContain('"kind"');
    expect(body.message).toMatch(/"a"/);
    expect(body.message).toMatch(/"b"/);
  });

  it("names the bad body field", async () => {
    const res = await fetch(url("/api/probe/echo"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('body field "name"');
  });
});

describe("health", () => {
  it("answers GET with status ok and the db check", async () => {
    const res = await fetch(url("/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { db: "ok" } });
  });

  it("answers HEAD with 200 and no body", async () => {
    const res = await fetch(url("/api/health"), { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("adds store status with details=1", async () => {
    const body = await (await fetch(url("/api/health?details=1"), { headers: ADMIN_HEADERS })).json();
    expect(body.details.stores.directory).toMatchObject({ writable: true, schemaVersion: 1 });
  });
});

describe("HTTP conventions", () => {
  it("sends a strong ETag and answers 304 to If-None-Match", async () => {
    const first = await fetch(url("/api/probe/items"));
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const second = await fetch(url("/api/probe/items"), { headers: { "If-None-Match": tag! } });
    expect(second.status).toBe(304);
    const changed = await fetch(url("/api/probe/items"), { headers: { "If-None-Match": '"other"' } });
    expect(changed.status).toBe(200);
  });

  it("allows any origin without credentials on the public API", async () => {
    const res = await fetch(url("/api/health"), { headers: { Origin: "https://example.org" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("sets security headers", async () => {
    const res = await fetch(url("/api/health"));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("compresses large JSON when asked", async () => {
    const res = await fetch(url("/api/openapi.json"), { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(Object.keys(doc.paths)).toContain("/api/health");
  });

  it("echoes a request id", async () => {
    const res = await fetch(url("/api/health"), { headers: { "X-Request-Id": "abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
  });
});

describe("durable writes through the API", () => {
  it("acknowledges a write only once it can be read back", async () => {
    const res = await fetch(url("/api/probe/items"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: "k1" }),
    });
    expect(res.status).toBe(201);
    const list = await (await fetch(url("/api/probe/items"))).json();
    expect(list.items).toContain("k1");
  });
});
