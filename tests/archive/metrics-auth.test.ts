/**
 * Issue #12 item 6: wrong admin tokens at /metrics are limited per client address, so the token
 * cannot be guessed at full speed; a right token from another address still gets through.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { countStatuses, requestFrom } from "../helpers/http-from.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const TOKEN = "metrics-admin-token-0123456789";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ modules: [createArchiveModule()], env: { ARCHIVE_ADMIN_TOKEN: TOKEN } });
});
afterAll(() => server.close());

const scrape = (from: string, token: string) =>
  requestFrom(from, `${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });

it("answers 10 wrong tokens with 403, then 429 from that address even for the right token", async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => scrape("127.0.0.2", `guessed-token-number-${i}`)),
  );
  expect(countStatuses(answers)).toEqual({ 403: 10, 429: 30 });
  const blocked = await scrape("127.0.0.2", TOKEN);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(blocked.body)).toMatchObject({ success: false, error: "RateLimited" });
  expect(blocked.body).not.toContain(TOKEN);
  // The operator's scraper on another address is not locked out.
  const other = await scrape("127.0.0.3", TOKEN);
  expect(other.status).toBe(200);
  expect(other.body).toContain("# TYPE archive_jobs_total untyped");
});

it("does not count a scrape with the right token as a failure", async () => {
  for (let i = 0; i < 15; i++) expect((await scrape("127.0.0.4", TOKEN)).status).toBe(200);
  expect((await scrape("127.0.0.4", "a-wrong-token-after-many-right")).status).toBe(403);
});
