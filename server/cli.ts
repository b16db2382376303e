/**
 * The command line: `chc <command>` (or `npm run cli -- <command>`). `serve` runs the server;
 * `db …` manages each module's database; each module adds its own commands (`waittimes …`,
 * `archive …`, `directory …`). Every command has --help.
 */
import { Command } from "commander";
import { ConfigError, loadConfig } from "./core/config.js";
import { closeDatabase } from "./core/database.js";
import { createLogger } from "./core/logger.js";
import type { ModuleContext } from "./core/module.js";
import { registerDbCommands } from "./db/cli.js";
import { createStore } from "./db/store.js";
import type { Migration, Store } from "./db/types.js";
import { openModules, startServer } from "./main.js";
import { allModules } from "./modules.js";

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
      const running = await startServer(config);
      const stop = (signal: string) => {
        process.stderr.write(`received ${signal}, shutting down\n`);
        running.close().then(
          () => process.exit(0),
          (err) => {
            process.stderr.write(`shutdown failed: ${String(err)}\n`);
            process.exit(1);
          },
        );
      };
      process.once("SIGTERM", () => stop("SIGTERM"));
      process.once("SIGINT", () => stop("SIGINT"));
    });

  // CLI commands open the module stores without the HTTP server; logs go to stderr.
  let opened: Promise<Map<string, ModuleContext>> | undefined;
  const contexts = () => {
    opened ??= (async () => {
      const config = configOrExit();
      const logger = createLogger(process.env.LOG_LEVEL ?? "warn", process.stderr as never);
      const { opened: list } = await openModules(config, allModules, logger);
      return new Map(list.map(({ module, ctx }) => [module.name, ctx]));
    })();
    return opened;
  };

  // `db` commands open the stores themselves: without migrations (a downgrade must not be undone
  // by the upgrade-on-open) and read-only for the reading commands, so they work beside a server.
  const dbStores: Store[] = [];
  registerDbCommands(program, {
    getStores: async ({ readOnly = false } = {}) => {
      const config = configOrExit();
      const logger = createLogger(process.env.LOG_LEVEL ?? "warn", process.stderr as never);
      const map = new Map<string, { store: Store; migrations: Migration[] }>();
      for (const m of allModules) {
        const store = await createStore({ dataDir: config.DATA_DIR, name: m.name, logger, readOnly });
        dbStores.push(store);
        map.set(m.name, { store, migrations: m.migrations });
      }
      return map;
    },
    locateStores: () => ({ dataDir: configOrExit().DATA_DIR, names: allModules.map((m) => m.name) }),
  });
  for (const module of allModules) {
    module.registerCli?.(program, async () => (await contexts()).get(module.name)!);
  }

  // Close stores after any command that opened them, so journals are checkpointed.
  program.hook("postAction", async (_this, action) => {
    if (action.name() === "serve") return;
    for (const store of dbStores.splice(0)) await store.close();
    if (opened) for (const ctx of (await opened).values()) await closeDatabase(ctx.database);
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
