/**
 * Every module's migrations go up, down and up again revision by revision on an empty database,
 * and on a database holding the module's demo data all the way down to nothing and back.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/core/config.js";
import { createLogger } from "../../server/core/logger.js";
import { RouteMetrics } from "../../server/core/route-metrics.js";
import { schemaSnapshot, verifyMigrationRoundTrip } from "../../server/db/migration-roundtrip.js";
import { currentVersion, downgrade, upgrade } from "../../server/db/migrations.js";
import { createStore } from "../../server/db/store.js";
import { allModules } from "../../server/modules.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "chc-migrations-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const logger = createLogger("silent");

describe.each(allModules.map((m) => [m.name, m] as const))("%s migrations", (name, module) => {
  it("go up, down and up on an empty database", async () => {
    const store = await createStore({ dataDir: fs.mkdtempSync(path.join(root, "empty-")), name, logger });
    await verifyMigrationRoundTrip(store, module.migrations);
    expect(currentVersion(store)).toBe(Math.max(...module.migrations.map((m) => m.version)));
    await store.close();
  });

  it("go all the way down and back up on a database with demo data", async () => {
    const dataDir = fs.mkdtempSync(path.join(root, "data-"));
    const store = await createStore({ dataDir, name, logger, migrations: module.migrations });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PORT: "0",
      REPLAY_PORT: "0",
      SCHEDULER: "0",
    });
    if (module.seedDemo)
      await module.seedDemo({
        config,
        store,
        database: { kind: "sqljs", store },
        logger,
        metrics: new RouteMetrics(),
      });
    const latest = schemaSnapshot(store);
    while ((await downgrade(store, module.migrations)) !== null) {}
    expect(currentVersion(store)).toBe(0);
    expect(schemaSnapshot(store)).toBe("");
    await upgrade(store, module.migrations);
    expect(schemaSnapshot(store)).toBe(latest);
    await store.close();
  }, 120_000);
});
