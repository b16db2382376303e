/**
 * The request time limit and writes, through the real server: a 503 "took longer" means nothing
 * was written, and a write that was already committing answers with its real status instead of
 * a 503 (a client retrying after a 503 would otherwise duplicate it).
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../../server/core/config.js";
import { createLogger } from "../../server/core/logger.js";
import { type RunningServer, startServer } from "../../server/main.js";
import { tmpDir } from "../archive/helpers.js";
import { probeModule } from "../helpers/probe-module.js";

const dataDir = tmpDir("chc-timeout-writes-");
let running: RunningServer;

beforeAll(async () => {
  const config = loadConfig({
    PORT: "0",
    REPLAY_PORT: "0",
    DATA_DIR: dataDir,
    DEMO_DATA: "0",
    SCHEDULER: "0",
    LOG_LEVEL: "silent",
    REQUEST_TIMEOUT_MS: "100",
  });
  running = await startServer(config, {
    modules: [probeModule],
    logger: createLogger("silent"),
    webRoot: null,
  });
});
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body?: unknown) =>
  fetch(`${running.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
const items = async (): Promise<string[]> =>
  (await (await fetch(`${running.url}/api/probe/items`)).json()).items;

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
