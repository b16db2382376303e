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
