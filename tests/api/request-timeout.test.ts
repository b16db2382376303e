/** The API time limit: a handler still busy after REQUEST_TIMEOUT_MS gets a 503 and counts as a timeout. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let running: TestServer;

beforeAll(async () => {
  running = await startTestServer({ modules: [probeModule], env: { REQUEST_TIMEOUT_MS: "300" } });
});
afterAll(async () => {
  await running?.close();
});

describe("request time limit", () => {
  it("answers within the limit normally", async () => {
    const res = await fetch(`${running.baseUrl}/api/probe/slow?ms=10`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ waited: true });
  });

  it("stops waiting after the limit with a 503 in the envelope and Retry-After", async () => {
    const started = Date.now();
    const res = await fetch(`${running.baseUrl}/api/probe/slow?ms=3000`);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({
      success: false,
      error: "ServiceUnavailable",
      message: expect.stringContaining("300 ms limit"),
    });
  });

  it("counts the timed-out request in the route's timeout rate", () => {
    const metrics = running.contexts.get("directory")!.metrics;
    const slow = metrics.window(5 * 60_000).find((s) => s.route === "/api/probe/slow");
    expect(slow).toMatchObject({ count: 2, timeoutRate: 0.5 });
  });
});
