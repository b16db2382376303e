/**
 * Issue #12 item 5: behind a trusted proxy, the client address is the one the proxy appended to
 * X-Forwarded-For, never what the client wrote there itself. Real proxies (tests/helpers/
 * forwarding-proxy.ts) stand in front of the real server; clients connect from 127.0.0.2 and
 * 127.0.0.3 so the proxies see two different people.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ForwardingProxy, startForwardingProxy } from "../helpers/forwarding-proxy.js";
import { requestFrom } from "../helpers/http-from.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const LIMIT = 5;

async function expectSpoofingDoesNotHelp(frontUrl: string): Promise<void> {
  const health = (from: string, headers: Record<string, string> = {}) =>
    requestFrom(from, `${frontUrl}/api/health`, { headers });
  for (let i = 0; i < LIMIT; i++) expect((await health("127.0.0.2")).status).toBe(200);
  expect((await health("127.0.0.2")).status).toBe(429);
  for (let n = 1; n <= 5; n++) {
    const spoofed = await health("127.0.0.2", { "x-forwarded-for": `10.0.0.${n}` });
    expect(spoofed.status).toBe(429);
  }
  // Another client behind the same proxies keeps its own budget.
  expect((await health("127.0.0.3", { "x-forwarded-for": "10.0.0.1" })).status).toBe(200);
}

describe("one trusted proxy (TRUST_PROXY=1)", () => {
  let server: TestServer;
  let proxy: ForwardingProxy;
  beforeAll(async () => {
    server = await startTestServer({
      modules: [],
      env: { TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    });
    proxy = await startForwardingProxy(server.baseUrl);
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });
  it("a client cannot leave its rate limit by writing its own X-Forwarded-For", () =>
    expectSpoofingDoesNotHelp(proxy.url));
});

describe("two trusted proxies in a row (TRUST_PROXY=2)", () => {
  let server: TestServer;
  let inner: ForwardingProxy;
  let outer: ForwardingProxy;
  beforeAll(async () => {
    server = await startTestServer({
      modules: [],
      env: { TRUST_PROXY: "2", RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    });
    inner = await startForwardingProxy(server.baseUrl);
    outer = await startForwardingProxy(inner.url);
  });
  afterAll(async () => {
    await outer.close();
    await inner.close();
    await server.close();
  });
  it("takes the address the outer proxy saw, not the inner proxy's nor the client's claim", () =>
    expectSpoofingDoesNotHelp(outer.url));
});
