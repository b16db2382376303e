import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginThrottle } from "../../server/directory/accounts/login-throttle.js";
import { directoryModule } from "../../server/directory/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { ACCOUNTS, PASSWORD, prepareDirectoryData } from "./accounts-helpers.js";

describe("login throttle (unit)", () => {
  it("blocks an account after 5 failures and an address after 20, until the window passes", () => {
    const t = new LoginThrottle({ perAccount: 5, perAddress: 20, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) t.recordFailure("a@x", "1.2.3.4", 1000 + i);
    expect(t.retryAfter("a@x", "1.2.3.4", 2000)).toBe(59);
    expect(t.retryAfter("b@x", "1.2.3.4", 2000)).toBe(0);
    expect(t.retryAfter("a@x", "1.2.3.4", 61_001)).toBe(0);
    for (let i = 0; i < 20; i++) t.recordFailure(`u${i}@x`, "5.6.7.8", 1000);
    expect(t.retryAfter("new@x", "5.6.7.8", 2000)).toBeGreaterThan(0);
    expect(t.retryAfter("new@x", "9.9.9.9", 2000)).toBe(0);
  });
});

describe("login throttle per address (real server)", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await prepareDirectoryData();
    server = await startTestServer({
      modules: [directoryModule],
      dataDir,
      env: { TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "100000" },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const login = (email: string, password: string, address: string) =>
    fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email, password, mode: "bearer" }),
    });
  it("blocks an address that failed 20 times across many accounts, not other addresses", async () => {
    for (let i = 0; i < 20; i++)
      expect((await login(`guess${i}@example.org`, "wrong password!", "203.0.113.7")).status).toBe(401);
    const blocked = await login(ACCOUNTS.admin, PASSWORD, "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect((await login(ACCOUNTS.admin, PASSWORD, "198.51.100.2")).status).toBe(200);
  }, 120_000);
});
