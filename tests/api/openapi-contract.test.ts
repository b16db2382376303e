/**
 * Issue #28 §1: the cross-cutting parts of the contract, read from the document as served and
 * seen on the wire: a stable operationId on every operation, `servers`, `security: []` on public
 * operations, 304 on every conditional GET, 429 with Retry-After and the RateLimit headers (IETF
 * draft) on every rate-limited operation and answer, 405 with Allow and the envelope for a wrong
 * method on a known path, `?gzip=true` exports as application/gzip, flag defaults that are one of
 * their strings, and NDJSON lists that leave the JSON page's type alone. Every answer here is also
 * checked against the document by tests/helpers/openapi-fetch-check.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; schema?: { enum?: unknown[]; default?: unknown } }[];
  responses: Record<string, Json & { $ref?: string }>;
};
type Doc = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { headers?: Record<string, unknown> }> };
};

const METHODS = ["get", "head", "post", "put", "delete", "patch"];
let server: TestServer;
let doc: Doc;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: "40" } });
  doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
});
afterAll(() => server.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );

describe("the document names what every operation shares", () => {
  it("gives every operation a unique operationId derived from its method and path", () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/v1/services/{id}"].put.operationId).toBe("putV1ServicesById");
    expect(doc.paths["/api/hospitals"].get.operationId).toBe("getHospitals");
  });

  it("names the server it was read from, and marks every operation without credentials public", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: server.baseUrl })]);
    expect(operations().filter(({ op }) => op.security === undefined)).toEqual([]);
    expect(doc.paths["/api/hospitals"].get.security).toEqual([]);
  });

  it("documents 304 on every GET that may be stored, 429 with Retry-After on every /api operation, 413/415 on writes", () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      // An answer documented as Cache-Control: no-store is never revalidated (the next test).
      const cacheControl = (op.responses["200"]?.headers as Record<string, Json> | undefined)?.[
        "Cache-Control"
      ];
      const stored = JSON.stringify(cacheControl ?? {}).includes("no-store") === false;
      if ((method === "get" || method === "head") && stored && !op.responses["304"])
        missing.push(`${method} ${path} 304`);
      if (path.startsWith("/api/") && !op.responses["429"]) missing.push(`${method} ${path} 429`);
      if (["post", "put", "delete"].includes(method) && !(op.responses["413"] && op.responses["415"]))
        missing.push(`${method} ${path} 413/415`);
    }
    expect(missing).toEqual([]);
    expect(doc.components.responses.RateLimited.headers).toMatchObject({
      "Retry-After": expect.anything(),
      "RateLimit-Policy": expect.anything(),
      RateLimit: expect.anything(),
    });
    expect(doc.components.responses.MethodNotAllowed.headers).toMatchObject({ Allow: expect.anything() });
  });

  it("gives every flag parameter a default that is one of its values", () => {
    const wrong = operations().flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.schema?.enum && p.schema.default !== undefined)
        .filter((p) => !p.schema?.enum?.includes(p.schema.default))
        .map((p) => `${method} ${path} ${p.name}`),
    );
    expect(wrong).toEqual([]);
    const gzip = doc.paths["/api/exports/snapshots"].get.parameters?.find((p) => p.name === "gzip");
    expect(gzip?.schema?.default).toBe("false");
  });

  it("documents an HSDS list's NDJSON stream as text, so its JSON page is not typed as 'page or item'", () => {
    const content = (doc.paths["/api/hsds/services"].get.responses["200"] as Json).content as Record<
      string,
      { schema: { type?: string; $ref?: string; anyOf?: unknown } }
    >;
    expect(content["application/json"].schema.$ref).toBe("#/components/schemas/HsdsServicePage");
    expect(content["application/x-ndjson"].schema.type).toBe("string");
  });
});

describe("on the wire", () => {
  it("answers a wrong method on a known path with 405, Allow and the envelope; an unknown path stays 404", async () => {
    const res = await fetch(`${server.baseUrl}/api/hospitals`, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await res.json()).toMatchObject({ success: false, error: "MethodNotAllowed" });
    const templated = await fetch(`${server.baseUrl}/api/v1/services/some-id`, { method: "PATCH" });
    expect(templated.status).toBe(405);
    expect(templated.headers.get("allow")).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
    await templated.arrayBuffer();
    const options = await fetch(`${server.baseUrl}/api/hospitals`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const unknown = await fetch(`${server.baseUrl}/api/no-such-path`, { method: "POST" });
    expect(unknown.status).toBe(404);
    await unknown.arrayBuffer();
  });

  it("sends a ?gzip=true export as application/gzip, as the document lists it", async () => {
    const res = await fetch(`${server.baseUrl}/api/exports/snapshots?gzip=true`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });

  it("promises no ETag or 304 for /api/health, which is never stored and sends neither", async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    await res.arrayBuffer();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
    for (const method of ["get", "head"]) {
      const responses = doc.paths["/api/health"][method].responses;
      expect(responses["304"], `${method} 304`).toBeUndefined();
      expect((responses["200"].headers as Json | undefined)?.ETag, `${method} 200 ETag`).toBeUndefined();
    }
  });

  // Last: it spends this client's whole budget.
  it("names the rate limit policy and what is left of it on each answer, and on the 429", async () => {
    const first = await fetch(`${server.baseUrl}/api/hospitals`);
    await first.arrayBuffer();
    expect(first.headers.get("ratelimit-policy")).toBe('"api";q=40;w=60');
    const left = (res: Response) => Number(/r=(\d+)/.exec(res.headers.get("ratelimit") ?? "")?.[1]);
    expect(first.headers.get("ratelimit")).toMatch(/^"api";r=\d+;t=\d+$/);
    let last = first;
    for (let i = 0; i < 60 && last.status !== 429; i++) {
      const next = await fetch(`${server.baseUrl}/api/v1/services/no-such-id`);
      await next.arrayBuffer();
      // Refilled continuously (40 a minute): a slow answer under load may find one more token.
      if (next.status !== 429) expect(left(next)).toBeLessThanOrEqual(left(last));
      last = next;
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(last.headers.get("ratelimit")).toMatch(/^"api";r=0;t=\d+$/);
  });
});
