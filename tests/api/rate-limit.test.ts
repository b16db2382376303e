import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ modules: [], env: { RATE_LIMIT_PER_MINUTE: "5" } });
});
afterAll(() => server.close());

it("answers 429 RateLimited with Retry-After once a client exceeds its budget", async () => {
  const statuses: number[] = [];
  let limited: Response | undefined;
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${server.baseUrl}/api/health`);
    statuses.push(res.status);
    if (res.status === 429) limited = res;
  }
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(limited).toBeDefined();
  expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(await limited!.json()).toMatchObject({ success: false, error: "RateLimited" });
});
