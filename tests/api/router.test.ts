/**
 * The app's routes fit Hono's RegExpRouter: one literal segment beside a parameter at the same
 * place (…/incidents/report beside …/incidents/{id}) made every request fall back to the slower
 * TrieRouter. Operations that share a shape (core/http/shared-shape.ts) still answer as their
 * own and are labelled as their own in the route metrics.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.js";
import { loadConfig } from "../../server/core/config.js";
import { closeDatabase } from "../../server/core/database.js";
import { createLogger } from "../../server/core/logger.js";
import type { AppRouter, ModuleContext } from "../../server/core/module.js";
import { directoryModule } from "../../server/directory/index.js";
import { openModules } from "../../server/main.js";
import { allModules } from "../../server/modules.js";
import { ACCOUNTS, bearer, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe("the composed app's router", () => {
  let app: AppRouter;
  let dataDir: string;
  let contexts: ModuleContext[];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-router-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SCHEDULER: "0",
      DEMO_DATA: "0",
      ARCHIVE_DEMO_CRAWL: "0",
    });
    const logger = createLogger("silent");
    const { opened, metrics } = await openModules(config, allModules, logger);
    contexts = opened.map((o) => o.ctx);
    app = createApp({ config, logger, metrics, modules: opened, webRoot: dataDir });
  });
  afterAll(async () => {
    for (const ctx of contexts) await closeDatabase(ctx.database);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("registers every route in shapes RegExpRouter accepts", () => {
    const refused: string[] = [];
    const accepted: { method: string; path: string }[] = [];
    for (const { method, path: routePath } of app.routes) {
      // Each route against those accepted so far: the message names every route it refuses.
      const router = new RegExpRouter<number>();
      try {
        for (const r of [...accepted, { method, path: routePath }]) router.add(r.method, r.path, 0);
        router.match("GET", "/");
        accepted.push({ method, path: routePath });
      } catch (err) {
        refused.push(`${method} ${routePath}: ${(err as Error).name}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("answers through RegExpRouter", async () => {
    expect((await app.request("/api/health")).status).toBe(200);
    expect(app.router.name).toBe("SmartRouter + RegExpRouter");
  });
});

describe("operations sharing one router shape", () => {
  let server: TestServer;
  let dataDir: string;
  let admin: string;
  beforeAll(async () => {
    dataDir = await prepareDirectoryData();
    server = await startTestServer({
      modules: [directoryModule],
      dataDir,
      env: { RATE_LIMIT_PER_MINUTE: "100000" },
    });
    admin = await bearer(server.baseUrl, ACCOUNTS.admin);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const asAdmin = (p: string, body?: unknown) =>
    fetch(`${server.baseUrl}${p}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${admin}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("answers each with its own validation, handler and route label", async () => {
    const opened = await asAdmin("/api/v1/admin/incidents", { severity: "SEV-4", title: "Slow search" });
    expect(opened.status).toBe(201);
    const { id } = (await opened.json()).data as { id: string };

    const report = await asAdmin("/api/v1/admin/incidents/report?quarter=2026-Q1");
    expect(report.status).toBe(200);
    expect((await report.json()).data).toMatchObject({ quarter: "2026-Q1" });
    // The report's own query check, not the incident id's.
    const badQuarter = await asAdmin("/api/v1/admin/incidents/report?quarter=2026-Q5");
    expect(badQuarter.status).toBe(400);
    expect((await badQuarter.json()).message).toContain('"quarter"');
    const one = await asAdmin(`/api/v1/admin/incidents/${id}`);
    expect(one.status).toBe(200);
    expect((await one.json()).data).toMatchObject({ id, events: expect.any(Array) });
    const notAnId = await asAdmin("/api/v1/admin/incidents/INC-1");
    expect(notAnId.status).toBe(400);
    expect((await notAnId.json()).message).toContain('"id"');

    const ack = await asAdmin(`/api/v1/admin/incidents/${id}/acknowledge`, {});
    expect(ack.status).toBe(200);
    const assessed = await asAdmin(`/api/v1/admin/incidents/${id}/severity`, {
      severity: "SEV-3",
      reason: "More readers affected",
    });
    expect(assessed.status).toBe(200);
    expect((await assessed.json()).data).toMatchObject({ id, severity: "SEV-3" });
    const named = await asAdmin(`/api/v1/admin/incidents/${id}/commander`, { commander: "Dana" });
    expect(named.status).toBe(200);
    expect((await named.json()).data).toMatchObject({ id, commander: "Dana" });
    const unknownAction = await asAdmin(`/api/v1/admin/incidents/${id}/explode`, {});
    expect(unknownAction.status).toBe(400);
    expect((await unknownAction.json()).message).toContain('"action"');

    // Over five minutes, which hold every request this file's own server has answered.
    const labels = server.contexts
      .get("directory")!
      .metrics.window(5 * 60_000)
      .filter((r) => r.route.startsWith("/api/v1/admin/incidents"))
      .map((r) => `${r.method} ${r.route}`)
      .sort();
    expect(labels).toEqual([
      "GET /api/v1/admin/incidents/:id",
      "GET /api/v1/admin/incidents/report",
      "POST /api/v1/admin/incidents",
      "POST /api/v1/admin/incidents/:id/:action",
      "POST /api/v1/admin/incidents/:id/commander",
      "POST /api/v1/admin/incidents/:id/severity",
    ]);
  });
});
