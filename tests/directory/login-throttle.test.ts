import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, PASSWORD, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { type ForwardingProxy, startForwardingProxy } from "../helpers/forwarding-proxy.js";
import { useProductionHashCost } from "../helpers/hash-cost.js";
import { countStatuses, requestFrom } from "../helpers/http-from.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// What this file checks depends on how long a hash at production's cost takes.
useProductionHashCost();

describe("login throttle per address, behind a trusted proxy (real server)", () => {
  let server: TestServer;
  let proxy: ForwardingProxy;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await prepareDirectoryData();
    // Password hashes take turns; on a busy shared machine that can outlast the default 15 s
    // request timeout, which would turn the expected 401s into 503s.
    server = await startTestServer({
      modules: [directoryModule],
      dataDir,
      env: { TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "100000", REQUEST_TIMEOUT_MS: "120000" },
    });
    proxy = await startForwardingProxy(server.baseUrl);
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const login = (from: string, email: string, password: string, claimedAddress?: string) =>
    requestFrom(from, `${proxy.url}/api/v1/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(claimedAddress ? { "x-forwarded-for": claimedAddress } : {}),
      },
      body: JSON.stringify({ email, password, mode: "bearer" }),
    });

  it("keeps an address's line for the hash whatever X-Forwarded-For it sends", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login("127.0.0.2", `guess${i}@example.org`, "wrong password!", `10.0.0.${i}`),
      ),
    );
    // Four in the line of the address the proxy saw, checked; the rest refused at once.
    expect(countStatuses(answers)).toEqual({ 401: 4, 429: 16 });
    // Another person behind the same proxy is not held up.
    expect((await login("127.0.0.3", ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  }, 120_000);
  it("locks an account from the address the proxy saw, whatever X-Forwarded-For it sends", async () => {
    for (let i = 0; i < 5; i++)
      expect((await login("127.0.0.4", ACCOUNTS.partnerA, `wrong ${i}`, `10.0.1.${i}`)).status).toBe(401);
    expect((await login("127.0.0.4", ACCOUNTS.partnerA, PASSWORD, "10.0.1.200")).status).toBe(429);
    expect((await login("127.0.0.5", ACCOUNTS.partnerA, PASSWORD)).status).toBe(200);
  }, 120_000);
});
