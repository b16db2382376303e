/**
 * Starts the one process: opens each module's store (migrating it), seeds demo data on first
 * start, composes the app, listens, then starts background work. `close()` is the graceful
 * shutdown: stop accepting, let in-flight requests finish, stop modules, checkpoint, close.
 */
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import { createApp } from "./app.js";
import type { Config } from "./core/config.js";
import { createLogger } from "./core/logger.js";
import type { ModuleContext, ServiceModule } from "./core/module.js";
import { RouteMetrics } from "./core/route-metrics.js";
import { createStore } from "./db/store.js";
import { allModules } from "./modules.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The built web app; WEB_DIST_DIR lets parallel test runs build and serve separate copies. */
export const webRootOf = (config: Pick<Config, "WEB_DIST_DIR">) =>
  config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : path.join(REPO_ROOT, "dist", "web");

export interface StartOptions {
  modules?: ServiceModule[];
  logger?: Logger;
  webRoot?: string | null;
}

export interface RunningServer {
  url: string;
  port: number;
  contexts: Map<string, ModuleContext>;
  close(): Promise<void>;
}

/** Opens every module's store and context (used by the server and by CLI commands). */
export async function openModules(config: Config, modules: ServiceModule[], logger: Logger) {
  mkdirSync(config.DATA_DIR, { recursive: true });
  const metrics = new RouteMetrics();
  const opened: { module: ServiceModule; ctx: ModuleContext }[] = [];
  for (const module of modules) {
    const store = await createStore({
      dataDir: config.DATA_DIR,
      name: module.name,
      migrations: module.migrations,
      logger: logger.child({ store: module.name }),
      checkpointIntervalMs: config.CHECKPOINT_INTERVAL_MS,
      checkpointJournalBytes: config.CHECKPOINT_JOURNAL_BYTES,
    });
    opened.push({ module, ctx: { config, store, logger: logger.child({ module: module.name }), metrics } });
  }
  return { opened, metrics };
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const modules = options.modules ?? allModules;
  const t0 = performance.now();
  const { opened, metrics } = await openModules(config, modules, logger);
  if (config.DEMO_DATA) {
    for (const { module, ctx } of opened) {
      // A store with a damaged journal refuses writes; it serves what it has until repaired.
      if (!module.seedDemo || ctx.store.status().damaged) continue;
      const t = performance.now();
      await module.seedDemo(ctx);
      logger.info({ module: module.name, ms: Math.round(performance.now() - t) }, "demo data ready");
    }
  }
  const webRoot = options.webRoot === null ? undefined : (options.webRoot ?? webRootOf(config));
  const app = createApp({ config, logger, metrics, modules: opened, webRoot });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;
  logger.info({ url, ms: Math.round(performance.now() - t0) }, "listening");

  for (const { module, ctx } of opened) await module.start?.(ctx);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      logger.info("shutting down");
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      for (const { module } of [...opened].reverse()) await module.stop?.();
      for (const { ctx } of opened) await ctx.store.close();
      logger.info("stopped");
      // Buffered log lines reach standard output before close() resolves (the CLI exits next).
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    })();
    return closing;
  };
  return { url, port, contexts: new Map(opened.map(({ module, ctx }) => [module.name, ctx])), close };
}
