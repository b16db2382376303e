import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe("CORS with a configured origin list", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      modules: [],
      env: { CORS_ORIGINS: "https://a.example, https://b.example" },
    });
  });
  afterAll(() => server.close());

  it("answers a preflight for a listed origin", async () => {
    const res = await fetch(`${server.baseUrl}/api/health`, {
      method: "OPTIONS",
      headers: { Origin: "https://b.example", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://b.example");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("gives no CORS grant to an unlisted origin", async () => {
    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("echoes a listed origin and varies on Origin", async () => {
    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { Origin: "https://a.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://a.example");
    expect(res.headers.get("vary")).toMatch(/Origin/);
  });
});

/** Response headers a browser shows a cross-origin script without being told (Fetch, CORS-safelisted). */
const SAFELISTED = new Set([
  "cache-control",
  "content-language",
  "content-length",
  "content-type",
  "expires",
  "last-modified",
  "pragma",
]);

describe("CORS for any origin: what a browser lets a script read", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const exposedBy = (res: Response) =>
    new Set(
      (res.headers.get("access-control-expose-headers") ?? "").split(",").map((h) => h.trim().toLowerCase()),
    );

  it("exposes every response header the OpenAPI document names for clients", async () => {
    type Response = { headers?: Record<string, unknown>; $ref?: string };
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
      components: { headers: Record<string, unknown> };
    };
    const documented = new Set(Object.keys(doc.components.headers).map((h) => h.toLowerCase()));
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        for (const response of Object.values(op.responses ?? {}))
          for (const name of Object.keys(response.headers ?? {})) documented.add(name.toLowerCase());
    expect(documented.has("content-location")).toBe(true);

    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { Origin: "https://app.example" } });
    await res.arrayBuffer();
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = exposedBy(res);
    const hidden = [...documented].filter((h) => !SAFELISTED.has(h) && !exposed.has(h));
    expect(hidden).toEqual([]);
  });

  it("lets a script read an export's file name", async () => {
    const res = await fetch(`${server.baseUrl}/api/exports/snapshots`, {
      headers: { Origin: "https://app.example" },
    });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename=/);
    expect(exposedBy(res).has("content-disposition")).toBe(true);
  });
});
