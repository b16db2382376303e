import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, PASSWORD, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { type ForwardingProxy, startForwardingProxy } from "../helpers/forwarding-proxy.js";
import { requestFrom } from "../helpers/http-from.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe("login throttle per address, behind a trusted proxy (real server)", () => {
  let server: TestServer;
  let proxy: ForwardingProxy;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await prepareDirectoryData();
    // Twenty password hashes queue two at a time; on a busy shared machine that can outlast the
    // default 15 s request timeout, which would turn the expected 401s into 503s.
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

  it("blocks an address that failed 20 times across many accounts, whatever X-Forwarded-For it sends", async () => {
    const failures = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login("127.0.0.2", `guess${i}@example.org`, "wrong password!", `10.0.0.${i}`),
      ),
    );
    expect(failures.map((f) => f.status)).toEqual(Array(20).fill(401));
    expect((await login("127.0.0.2", ACCOUNTS.admin, PASSWORD)).status).toBe(429);
    expect((await login("127.0.0.2", ACCOUNTS.admin, PASSWORD, "10.0.0.200")).status).toBe(429);
    // Another person behind the same proxy is not blocked.
    expect((await login("127.0.0.3", ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  }, 120_000);
});
