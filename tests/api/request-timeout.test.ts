/** The API time limit: a handler still busy after REQUEST_TIMEOUT_MS gets a 503 and counts as a timeout. */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let running: TestServer;

// A limit of a second: a cold first request on a busy machine can take a few hundred milliseconds.
beforeAll(async () => {
  running = await startTestServer({ modules: [probeModule], env: { REQUEST_TIMEOUT_MS: "1000" } });
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
    const res = await fetch(`${running.baseUrl}/api/probe/slow?ms=10000`);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({
      success: false,
      error: "ServiceUnavailable",
      message: expect.stringContaining("1000 ms limit"),
    });
  });

  it("counts the timed-out request in the route's timeout rate", () => {
    const metrics = running.contexts.get("directory")!.metrics;
    const slow = metrics.window(5 * 60_000).find((s) => s.route === "/api/probe/slow");
    expect(slow).toMatchObject({ count: 2, timeoutRate: 0.5 });
  });

  // The deadlines share one timer: each request still gets its own full limit, never a neighbour's.
  it("gives each of several overlapping requests its own limit, and lets a quick one through", async () => {
    const timed = async (ms: number) => {
      const started = performance.now();
      const res = await fetch(`${running.baseUrl}/api/probe/slow?ms=${ms}`);
      await res.arrayBuffer();
      return { status: res.status, elapsed: performance.now() - started };
    };
    const first = timed(10000);
    await new Promise((r) => setTimeout(r, 500));
    const second = timed(10000);
    const quick = timed(10);
    const answers = await Promise.all([first, second, quick]);
    expect(answers.map((a) => a.status)).toEqual([503, 503, 200]);
    // Cut off when the first one's deadline passed, the second would answer about 500 ms early.
    expect(answers[1].elapsed).toBeGreaterThanOrEqual(990);
    expect(answers[1].elapsed).toBeLessThan(8000);
  });
});
