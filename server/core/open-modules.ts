/**
 * How the core opens one module's database: its sql.js file under DATA_DIR (journal, checkpoints),
 * or, with DATABASE_URL and a module that has PostgreSQL revisions, a pool on its own schema
 * migrated to the latest revision. Demo data is seeded once: on PostgreSQL under a lock, so
 * processes starting together do not seed twice.
 */
import type { Logger } from "pino";
import { adminPool, openPgSchema, withSchemaLock } from "../db/pg/open.js";
import { createStore } from "../db/store.js";
import { type Config, ConfigError } from "./config.js";
import type { ModuleDatabase } from "./database.js";
import type { ModuleContext, ServiceModule } from "./module.js";

export async function openDatabase(
  config: Config,
  module: ServiceModule,
  logger: Logger,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<ModuleDatabase> {
  const url = config.DATABASE_URL;
  if (url && module.pgMigrations) {
    const { pool, health } = await openPgSchema(
      { ...config, DATABASE_URL: url },
      module.name,
      module.pgMigrations,
    );
    const missing = await module.pgMissing?.(pool).catch(async (err) => {
      await pool.end();
      throw err;
    });
    if (missing?.length) {
      await pool.end();
      throw new ConfigError(
        `${module.name} cannot serve: its PostgreSQL schema lacks ${missing.join(", ")} ` +
          "(a dump restored without its extensions?); restore a backup made by chc db backup with chc db restore",
      );
    }
    return { kind: "pg", pool, health };
  }
  if (url)
    logger.warn(
      { module: module.name },
      "this module has no PostgreSQL backend yet: it keeps its sql.js file",
    );
  // Read-only: a snapshot of the file and its journal, no writer lock (a server may hold it).
  if (readOnly)
    return {
      kind: "sqljs",
      store: await createStore({ dataDir: config.DATA_DIR, name: module.name, logger, readOnly }),
    };
  const store = await createStore({
    dataDir: config.DATA_DIR,
    name: module.name,
    migrations: module.migrations,
    logger: logger.child({ store: module.name }),
    checkpointIntervalMs: config.CHECKPOINT_INTERVAL_MS,
    checkpointJournalBytes: config.CHECKPOINT_JOURNAL_BYTES,
  });
  return { kind: "sqljs", store };
}

/** A module context; on PostgreSQL its `store` throws, so code still tied to sql.js fails loudly. */
export function moduleContext(
  base: Omit<ModuleContext, "database" | "store">,
  database: ModuleDatabase,
): ModuleContext {
  const ctx = { ...base, database } as ModuleContext;
  Object.defineProperty(ctx, "store", {
    enumerable: false,
    get() {
      if (database.kind === "sqljs") return database.store;
      throw new Error("this module runs on PostgreSQL: reach its data through its repository, not ctx.store");
    },
  });
  return ctx;
}

/**
 * Seeds the module's demo data when its database is empty. On PostgreSQL: over a pool without
 * statement timeout (a first seed writes thousands of rows), under a lock per schema.
 */
export async function seedOnce(config: Config, module: ServiceModule, ctx: ModuleContext): Promise<void> {
  if (!module.seedDemo) return;
  if (ctx.database.kind === "sqljs" || !config.DATABASE_URL) return module.seedDemo(ctx);
  const pool = adminPool(config.DATABASE_URL, module.name);
  try {
    const seeding = moduleContext(
      { config, logger: ctx.logger, metrics: ctx.metrics },
      { kind: "pg", pool, health: ctx.database.health },
    );
    await withSchemaLock(pool, module.name, "seed", () => module.seedDemo!(seeding));
  } finally {
    await pool.end();
  }
}
