/**
 * The operator's health view (`/api/health?details=1`) shows store errors, journal sizes and
 * breaker stats: it needs the admin token (ARCHIVE_ADMIN_TOKEN), checked as /metrics checks it,
 * in constant time and with the same limit on wrong tokens per address. The plain answer stays
 * public. Without a configured token the view answers 403 saying how to enable it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { ADMIN_HEADERS, TEST_ADMIN_TOKEN } from "../helpers/admin-token.js";
import { countStatuses, requestFrom } from "../helpers/http-from.js";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ modules: [probeModule, createArchiveModule()] });
});
afterAll(() => server.close());

const details = (headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${server.baseUrl}/api/health?details=1`, { method, headers });

describe("GET /api/health?details=1", () => {
  it("answers 401 in the envelope without a token, and shows no store detail", async () => {
    const res = await details();
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ success: false, error: "Unauthorized" });
    expect(JSON.parse(text).message).toContain("Authorization: Bearer");
    expect(text).not.toContain("stores");
    expect((await details({}, "HEAD")).status).toBe(401);
  });

  it("answers 403 to a wrong token, never echoing it", async () => {
    const res = await details({ authorization: "Bearer not-the-admin-token-at-all" });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ success: false, error: "Forbidden" });
    expect(text).not.toContain("not-the-admin-token-at-all");
  });

  it("shows the view with the token in either header", async () => {
    for (const headers of [ADMIN_HEADERS, { "x-admin-token": TEST_ADMIN_TOKEN }]) {
      const res = await details(headers);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ status: "ok", checks: { db: "ok" } });
      expect(body.details.stores.directory).toMatchObject({ writable: true });
      expect(body.details.log).toEqual({
        droppedLines: expect.any(Number),
        lastError: null,
        lastErrorAt: null,
      });
    }
  });

  it("keeps the plain answer public", async () => {
    for (const query of ["", "?details=0"]) {
      const res = await fetch(`${server.baseUrl}/api/health${query}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", checks: { db: "ok" } });
    }
  });

  it("counts wrong tokens with /metrics: guesses split between both are limited together", async () => {
    const health = (token: string) =>
      requestFrom("127.0.0.5", `${server.baseUrl}/api/health?details=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const metrics = (token: string) =>
      requestFrom("127.0.0.5", `${server.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? health : metrics)(`guessed-token-number-${i}`)),
    );
    expect(countStatuses(guesses)).toEqual({ 403: 10, 429: 2 });
    const blocked = await health(TEST_ADMIN_TOKEN);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The operator on another address still reads the view.
    expect(
      (await requestFrom("127.0.0.6", `${server.baseUrl}/api/health?details=1`, { headers: ADMIN_HEADERS }))
        .status,
    ).toBe(200);
  });
});

it("answers 403 naming ARCHIVE_ADMIN_TOKEN when no token is configured, whatever is sent", async () => {
  const bare = await startTestServer({ modules: [probeModule], env: { ARCHIVE_ADMIN_TOKEN: "" } });
  try {
    for (const headers of [{}, ADMIN_HEADERS]) {
      const res = await fetch(`${bare.baseUrl}/api/health?details=1`, { headers });
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, error: "Forbidden" });
      expect(body.message).toContain("ARCHIVE_ADMIN_TOKEN");
    }
    expect((await fetch(`${bare.baseUrl}/api/health`)).status).toBe(200);
  } finally {
    await bare.close();
  }
});
