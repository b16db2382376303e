/**
 * The command line: `chc <command>` (or `npm run cli -- <command>`). `serve` runs the server;
 * `db …` manages each module's database; each module adds its own commands (`waittimes …`,
 * `archive …`, `directory …`). Every command has --help.
 */
import { Command } from "commander";
import type pg from "pg";
import { ConfigError, loadConfig } from "./core/config.js";
import { closeDatabase } from "./core/database.js";
import { createLogger } from "./core/logger.js";
import type { ModuleContext, ServiceModule } from "./core/module.js";
import { type DbStoreEntry, registerDbCommands } from "./db/cli.js";
import { StoreLockedError } from "./db/lock.js";
import { PgHealth } from "./db/pg/health.js";
import { adminPool } from "./db/pg/open.js";
import { createStore } from "./db/store.js";
import type { Store } from "./db/types.js";
import { openModules } from "./main.js";
import { allModules, copyPlans } from "./modules.js";
import { serve } from "./workers.js";

function configOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

export function buildCli(): Command {
  const program = new Command("chc")
    .description("Community health information for Canada: directory, wait-time observatory, web archive")
    .showHelpAfterError();

  program
    .command("serve")
    .description("Start the server (web app and all APIs) with PORT, HOST, DATA_DIR… from the environment")
    .action(async () => {
      const config = configOrExit();
      try {
        await serve(config);
      } catch (err) {
        // What an operator must fix (a bad value, a data folder another server holds): one line,
        // whichever entry started it (npm start, chc serve); anything else keeps its stack.
        if (!(err instanceof ConfigError) && !(err instanceof StoreLockedError)) throw err;
        process.stderr.write(
          `${err instanceof StoreLockedError ? `cannot start: ${err.message}` : err.message}\n`,
        );
        process.exit(1);
      }
    });

  // CLI commands open their own module's store without the HTTP server; logs go to stderr. A
  // reading command opens it read-only, so it works beside a running server.
  const opened = new Map<string, Promise<ModuleContext>>();
  const contextOf = (module: ServiceModule, readOnly: boolean) => {
    const key = `${module.name} ${readOnly ? "read" : "write"}`;
    let ctx = opened.get(key);
    if (!ctx) {
      ctx = (async () => {
        const config = configOrExit();
        const logger = createLogger(process.env.LOG_LEVEL ?? "warn", process.stderr as never);
        const { opened: list } = await openModules(config, [module], logger, { readOnly });
        return list[0]!.ctx;
      })();
      opened.set(key, ctx);
    }
    return ctx;
  };

  // `db` commands open the stores themselves: without migrations (a downgrade must not be undone
  // by the upgrade-on-open) and read-only for the reading commands, so they work beside a server.
  // With DATABASE_URL, a module with a PostgreSQL backend is reached on its schema instead.
  const dbStores: Store[] = [];
  const dbPools: pg.Pool[] = [];
  registerDbCommands(program, {
    getStores: async ({ readOnly = false, embedded = false } = {}) => {
      const config = configOrExit();
      const logger = createLogger(process.env.LOG_LEVEL ?? "warn", process.stderr as never);
      const map = new Map<string, DbStoreEntry>();
      for (const m of allModules) {
        if (config.DATABASE_URL && m.pgMigrations && !embedded) {
          const pool = adminPool(config.DATABASE_URL, m.name);
          dbPools.push(pool);
          const database = {
            kind: "pg" as const,
            pool,
            health: new PgHealth(pool, config.REQUEST_TIMEOUT_MS),
          };
          map.set(m.name, {
            pg: { pool, schema: m.name },
            migrations: m.pgMigrations,
            files: m.heldFiles?.({ database, config }),
          });
          continue;
        }
        const store = await createStore({ dataDir: config.DATA_DIR, name: m.name, logger, readOnly });
        dbStores.push(store);
        map.set(m.name, {
          store,
          migrations: m.migrations,
          files: m.heldFiles?.({ database: { kind: "sqljs", store }, config }),
        });
      }
      return map;
    },
    locateStores: () => ({ dataDir: configOrExit().DATA_DIR, names: allModules.map((m) => m.name) }),
    copySettings: () => {
      const config = loadConfig();
      return { databaseUrl: config.DATABASE_URL, plans: copyPlans(config) };
    },
  });
  for (const module of allModules) {
    module.registerCli?.(program, ({ readOnly = false } = {}) => contextOf(module, readOnly));
  }

  // Close stores after any command that opened them, so journals are checkpointed.
  program.hook("postAction", async (_this, action) => {
    if (action.name() === "serve") return;
    for (const store of dbStores.splice(0)) await store.close();
    for (const pool of dbPools.splice(0)) await pool.end();
    for (const ctx of opened.values()) await closeDatabase((await ctx).database);
    opened.clear();
  });
  return program;
}

const invokedDirectly = process.argv[1] && /cli\.(ts|js|mjs)$/.test(process.argv[1]);
if (invokedDirectly) {
  buildCli()
    .parseAsync(process.argv)
    .catch((err) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
