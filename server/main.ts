/**
 * Starts one app process (workers.ts forks several with WORKERS): opens each module's
 * database (its sql.js store or its PostgreSQL schema, migrating it), seeds demo data on first
 * start, composes the app, listens, then starts background work. `close()` is the graceful
 * shutdown: stop accepting, let in-flight requests finish, stop modules, checkpoint (sql.js), close.
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
import { closeDatabase, refusesWrites } from "./core/database.js";
import { createLogger } from "./core/logger.js";
import type { ModuleContext, ServiceModule } from "./core/module.js";
import { moduleContext, openDatabase, seedOnce } from "./core/open-modules.js";
import { RouteMetrics } from "./core/route-metrics.js";
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

type Opened = { module: ServiceModule; ctx: ModuleContext };

export interface RunningServer {
  url: string;
  port: number;
  contexts: Map<string, ModuleContext>;
  close(): Promise<void>;
}

/** Opens every module's database and context (used by the server and by CLI commands). */
export async function openModules(
  config: Config,
  modules: ServiceModule[],
  logger: Logger,
  opts: { readOnly?: boolean } = {},
) {
  mkdirSync(config.DATA_DIR, { recursive: true });
  const metrics = new RouteMetrics();
  const opened: { module: ServiceModule; ctx: ModuleContext }[] = [];
  try {
    for (const module of modules) {
      const database = await openDatabase(config, module, logger, opts);
      opened.push({
        module,
        ctx: moduleContext({ config, logger: logger.child({ module: module.name }), metrics }, database),
      });
    }
  } catch (err) {
    // Pools already opened would keep the process alive after a failed start.
    for (const { ctx } of opened) await closeDatabase(ctx.database).catch(() => undefined);
    throw err;
  }
  return { opened, metrics };
}

/** Writes each module's demo data when its database is empty (DEMO_DATA). */
async function seedDemoData(config: Config, opened: Opened[], logger: Logger) {
  for (const { module, ctx } of opened) {
    // A store with a damaged journal refuses writes; it serves what it has until repaired.
    if (!module.seedDemo || refusesWrites(ctx.database)) continue;
    const t = performance.now();
    await seedOnce(config, module, ctx);
    logger.info({ module: module.name, ms: Math.round(performance.now() - t) }, "demo data ready");
  }
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const modules = options.modules ?? allModules;
  const t0 = performance.now();
  const { opened, metrics } = await openModules(config, modules, logger);
  if (config.DEMO_DATA) await seedDemoData(config, opened, logger);
  const webRoot = options.webRoot === null ? undefined : (options.webRoot ?? webRootOf(config));
  const app = createApp({ config, logger, metrics, modules: opened, webRoot });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }) as Server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
  } catch (err) {
    // Open pools would keep a process that cannot serve alive (a port in use).
    for (const { ctx } of opened) await closeDatabase(ctx.database).catch(() => undefined);
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;
  logger.info({ url, pid: process.pid, ms: Math.round(performance.now() - t0) }, "listening");

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
      for (const { ctx } of opened) await closeDatabase(ctx.database);
      logger.info("stopped");
      // Buffered log lines reach standard output before close() resolves (the CLI exits next).
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    })();
    return closing;
  };
  return { url, port, contexts: new Map(opened.map(({ module, ctx }) => [module.name, ctx])), close };
}
