/**
 * Starts the real server on a loopback port over a fresh temporary DATA_DIR, for API,
 * integration and browser tests. `close()` shuts it down gracefully and removes the folder
 * (unless the caller passed its own dataDir).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import { loadConfig } from "../../server/core/config.js";
import { createLogger } from "../../server/core/logger.js";
import type { ServiceModule } from "../../server/core/module.js";
import { type RunningServer, startServer } from "../../server/main.js";
import { TEST_ADMIN_TOKEN } from "./admin-token.js";
import { copyArchiveDemoTemplate, copyDemoTemplate } from "./demo-template.js";

export interface TestServerOptions {
  env?: Record<string, string>;
  dataDir?: string;
  /** Seed demo data on start (default false: tests create what they need). */
  demo?: boolean;
  /**
   * With `demo`, also run the archive's demo crawls (default false: only tests of the archive's
   * captures need them). A fresh folder on sql.js starts from the run's copy of them already done.
   */
  archiveDemo?: boolean;
  modules?: ServiceModule[];
  /** Serve the built web app (browser tests). */
  web?: boolean;
  /**
   * A PostgreSQL URL (tests/helpers/pg-backend.ts): the modules with a PostgreSQL backend run on
   * it (DATABASE_URL); undefined keeps every module on sql.js.
   */
  databaseUrl?: string;
  /** The server's log (default: LOG_LEVEL's, silent), for tests that read what it wrote. */
  logger?: Logger;
}

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** Each module's context (its store and route metrics), for tests that look inside. */
  contexts: RunningServer["contexts"];
  close(): Promise<void>;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "chc-test-"));
  // Demo data already seeded (and crawled) once for the run: a fresh folder starts from a copy of it.
  if (opts.demo && !opts.dataDir) {
    if (!opts.archiveDemo) copyDemoTemplate(dataDir);
    else if (!opts.databaseUrl) await copyArchiveDemoTemplate(dataDir);
  }
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    REPLAY_PORT: "0",
    LOG_LEVEL: "silent",
    SCHEDULER: "0",
    ARCHIVE_DEMO_CRAWL: opts.archiveDemo ? "1" : "0",
    ARCHIVE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    // The build the browser tests made (tests/browser/helpers/build.ts reads the same variable).
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    ...opts.env,
    DATA_DIR: dataDir,
    DEMO_DATA: opts.demo ? "1" : "0",
  });
  const running = await startServer(config, {
    modules: opts.modules,
    logger: opts.logger ?? createLogger(config.LOG_LEVEL),
    webRoot: opts.web ? undefined : null,
  });
  return {
    baseUrl: running.url,
    dataDir,
    contexts: running.contexts,
    async close() {
      await running.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
