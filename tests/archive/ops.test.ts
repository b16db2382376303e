/** Service levels (degraded), maintenance mode and the archive's health fields. */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { repositoryOf } from "../../server/archive/repository-of.js";
import { loadConfig } from "../../server/core/config.js";
import { createLogger } from "../../server/core/logger.js";
import { type RunningServer, startServer } from "../../server/main.js";
import { fetchHealthDetails, TEST_ADMIN_TOKEN } from "../helpers/admin-token.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import { ManualClock } from "../helpers/manual-clock.js";
import { probeModule } from "../helpers/probe-module.js";

const dataDir = tmpDir("chc-archive-ops-");
let running: RunningServer;
// The maintenance flag is re-read at most once a second of this clock's time.
const clock = new ManualClock();

beforeAll(async () => {
  const config = loadConfig({
    PORT: "0",
    REPLAY_PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO_DATA: "0",
    SCHEDULER: "0",
    ARCHIVE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: "silent",
  });
  running = await startServer(config, {
    modules: [createArchiveModule({ clock }), probeModule],
    logger: createLogger("silent"),
    webRoot: null,
  });
});
afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const health = async () => (await fetchHealthDetails(running.url)).json();

describe("archive operations", () => {
  it("reports job counts, snapshot total, and ok service levels on a fresh start", async () => {
    const body = await health();
    expect(body).toMatchObject({
      status: "ok",
      jobs: { queued: 0, indexed: 0, failed: 0 },
      snapshots: { total: 0 },
      maintenance: { active: false },
      serviceLevels: { status: "ok", reasons: [] },
    });
  });

  it("reports degraded with the reason when search timed out on more than 1% of requests", async () => {
    const metrics = running.contexts.get("archive")!.metrics;
    for (let i = 0; i < 40; i++) metrics.record("GET", "/api/search", i < 2 ? 503 : 200, 20, i < 2);
    const body = await health();
    expect(body.status).toBe("degraded");
    expect(body.serviceLevels.reasons.join(" ")).toMatch(/GET \/api\/search timed out on 5\.0% of requests/);
    const search = body.serviceLevels.endpoints.find(
      (e: { endpoint: string }) => e.endpoint === "GET /api/search",
    );
    expect(search).toMatchObject({
      p50: 20,
      targetP50: 500,
      targetP95: 2000,
      targetP99: 5000,
      overTarget: [],
    });
    expect(body.checks.db).toBe("ok");
  });

  it("maintenance mode answers 503 with Retry-After on API routes but not on health", async () => {
    const repo = repositoryOf(running.contexts.get("archive")!);
    const at = (ms: number) => new Date(clock.now() + ms).toISOString();
    await repo.scheduleMaintenanceWindow(
      {
        type: "emergency",
        starts_at: at(0),
        ends_at: at(600_000),
        reason: "database upgrade",
        announced_at: at(0),
        override: "emergency",
        override_reason: "database upgrade",
        rules_broken: null,
      },
      at(0),
    );
    clock.advance(1100);
    const res = await fetch(`${running.url}/api/sources`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await res.json()).toMatchObject({
      success: false,
      error: "ServiceUnavailable",
      message: expect.stringContaining("database upgrade"),
    });
    // Only the archive closes: another module's API keeps answering, and so does the list of windows.
    expect((await fetch(`${running.url}/api/probe/items`)).status).toBe(200);
    expect((await fetch(`${running.url}/api/snapshot/1`)).status).toBe(503);
    const listed = await fetch(`${running.url}/api/maintenance`);
    expect(listed.status).toBe(200);
    expect((await listed.json()).windows).toMatchObject([
      { type: "emergency", status: "current", reason: "database upgrade" },
    ]);
    const h = await health();
    expect(h.maintenance).toMatchObject({ active: true, reason: "database upgrade" });
    await repo.endCurrentMaintenance(at(0));
    clock.advance(1100);
    expect((await fetch(`${running.url}/api/sources`)).status).toBe(200);
  });
});
