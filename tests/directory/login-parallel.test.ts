/**
 * Issue #12 item 4: sign-in attempts sent all at once must not outrun the failure limits. Each
 * attempt is counted before its password is checked, so the limits hold however many arrive
 * together; and (issue #25) an address has at most 4 sign-ins in line for the hash, the rest
 * refused at once. Each scenario uses its own client address (127.0.0.x) so their counts stay apart.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, PASSWORD, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { useProductionHashCost } from "../helpers/hash-cost.js";
import { countStatuses, requestFrom } from "../helpers/http-from.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// What this file checks depends on how long a hash at production's cost takes.
useProductionHashCost();

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  // Twenty password hashes queue two at a time; on a busy shared machine that can outlast the
  // default 15 s request timeout, which would turn the expected 401s into 503s.
  server = await startTestServer({
    modules: [directoryModule],
    dataDir,
    env: { RATE_LIMIT_PER_MINUTE: "100000", REQUEST_TIMEOUT_MS: "120000" },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const loginFrom = (address: string, email: string, password: string) =>
  requestFrom(address, `${server.baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, mode: "bearer" }),
  });

it("100 parallel wrong passwords from one address: the 4 in its line are checked (401), 96 refused at once (429)", async () => {
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => loginFrom("127.0.0.2", `guess${i}@example.org`, "wrong password!")),
  );
  expect(countStatuses(answers)).toEqual({ 401: 4, 429: 96 });
  const limited = answers.find((a) => a.status === 429)!;
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(limited.body)).toMatchObject({ success: false, error: "RateLimited" });
}, 120_000);

it("parallel guesses at one account from one address: locked from there after 5, not from elsewhere", async () => {
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => loginFrom("127.0.0.3", ACCOUNTS.partnerB, `wrong guess ${i}`)),
  );
  expect(countStatuses(answers)).toEqual({ 401: 4, 429: 4 });
  const parallel = await Promise.all(
    Array.from({ length: 3 }, (_, i) => loginFrom("127.0.0.3", ACCOUNTS.partnerB, `wrong again ${i}`)),
  );
  // Counted before checked: only one more of the three gets to its check.
  expect(countStatuses(parallel)).toEqual({ 401: 1, 429: 2 });
  expect((await loginFrom("127.0.0.3", ACCOUNTS.partnerB, PASSWORD)).status).toBe(429);
  // The owner, elsewhere, is not locked out; other accounts are not either.
  expect((await loginFrom("127.0.0.4", ACCOUNTS.partnerB, PASSWORD)).status).toBe(200);
  expect((await loginFrom("127.0.0.4", ACCOUNTS.partnerA, PASSWORD)).status).toBe(200);
}, 120_000);
