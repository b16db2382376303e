import { afterAll, beforeAll, expect, it } from "vitest";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ modules: [probeModule], env: { RATE_LIMIT_PER_MINUTE: "5" } });
});
afterAll(() => server.close());

it("answers 429 RateLimited with Retry-After once a client exceeds its budget", async () => {
  const statuses: number[] = [];
  let limited: Response | undefined;
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { "x-request-id": `limit-${i}` } });
    statuses.push(res.status);
    if (res.status === 429) limited = res;
  }
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(limited).toBeDefined();
  expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(await limited!.json()).toMatchObject({ success: false, error: "RateLimited" });
  // Refused before any handler ran, the answer still carries every answer's headers…
  expect(limited!.headers.get("x-request-id")).toBe("limit-7");
  expect(limited!.headers.get("x-content-type-options")).toBe("nosniff");
  expect(limited!.headers.get("content-security-policy")).toContain("default-src 'none'");
  expect(limited!.headers.get("access-control-allow-origin")).toBe("*");
  expect(limited!.headers.get("ratelimit")).toMatch(/^"api";r=0;t=\d+$/);
  // …and is counted in the route metrics like any other answer (the probe module is named
  // "directory"), over five minutes, which hold every request this file's server answered.
  const health = server.contexts
    .get("directory")!
    .metrics.window(5 * 60_000)
    .find((r) => r.method === "GET" && r.route === "/api/health");
  expect(health).toMatchObject({ count: 8, clientErrorRate: 3 / 8 });
});
