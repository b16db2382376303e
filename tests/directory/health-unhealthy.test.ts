import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/core/config.js";
import { createLogger } from "../../server/core/logger.js";
import { directoryModule } from "../../server/directory/index.js";
import { startServer } from "../../server/main.js";

describe("GET /api/v1/health when the database fails", () => {
  it("answers 503 unhealthy, and the smoke-relevant listing still answers from memory", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-dir-unhealthy-"));
    const config = loadConfig({
      PORT: "0",
      REPLAY_PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_DATA: "1",
      SCHEDULER: "0",
      LOG_LEVEL: "silent",
    });
    const running = await startServer(config, {
      modules: [directoryModule],
      logger: createLogger("silent"),
      webRoot: null,
    });
    try {
      expect((await (await fetch(`${running.url}/api/v1/health`)).json()).status).toBe("healthy");
      // Close the directory's database under the running server: its check now fails.
      await running.contexts.get("directory")?.store.close();
      const res = await fetch(`${running.url}/api/v1/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "unhealthy", version: expect.any(String) });
      const list = await fetch(`${running.url}/api/v1/services?limit=1`);
      expect(list.status).toBe(200);
      expect((await list.json()).data).toHaveLength(1);
    } finally {
      await running.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
