/**
 * The request time limit and writes, through the real server: a 503 "took longer" means nothing
 * was written, and a write that was already committing answers with its real status instead of
 * a 503 (a client retrying after a 503 would otherwise duplicate it).
 */

import { afterAll, beforeAll, expect, it } from "vitest";
import { probeModule } from "../helpers/probe-module.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let running: TestServer;

beforeAll(async () => {
  running = await startTestServer({ modules: [probeModule], env: { REQUEST_TIMEOUT_MS: "100" } });
});
afterAll(async () => {
  await running?.close();
});

const post = (path: string, body?: unknown) =>
  fetch(`${running.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
const items = async (): Promise<string[]> =>
  (await (await fetch(`${running.baseUrl}/api/probe/items`)).json()).items;

it("a write that would begin after the limit is not applied: the 503 means nothing was written", async () => {
  const res = await post("/api/probe/items?hold=late", { key: "late" });
  expect(res.status).toBe(503);
  expect((await res.json()).message).toMatch(/100 ms limit and was stopped before changing anything/);
  // The handler goes on once released; its write is refused.
  const released = await (await post("/api/probe/release?hold=late")).json();
  expect(released.outcome).toMatch(/^refused: .*nothing was written/);
  expect(await items()).not.toContain("late");
});

it("a write already committing when the limit passes answers its real status (201) and is applied once", async () => {
  // The transaction itself outlasts the limit: the time limit fires while the write commits.
  const res = await post("/api/probe/items?busyMs=250", { key: "slow" });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ success: true, data: { key: "slow" } });
  expect((await items()).filter((k) => k === "slow")).toEqual(["slow"]);
  const route = running.contexts
    .get("directory")!
    .metrics.window(60_000)
    .find((s) => s.route === "/api/probe/items" && s.method === "POST");
  // It still counts as a request that ran past the limit.
  expect(route?.timeoutRate).toBeGreaterThan(0);
});
