/**
 * The contract between the server core and each service module (waittimes, archive, directory).
 * A module owns its routes, schemas, queries, migrations and its own database file; the core
 * composes modules and never reaches into their tables.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Command } from "commander";
import type pg from "pg";
import type { Logger } from "pino";
import type { CopyPlan } from "../db/copy-plan.js";
import type { PgMigration } from "../db/pg/migrations.js";
import type { HeldFiles, Migration, Store } from "../db/types.js";
import type { Config } from "./config.js";
import type { ModuleDatabase } from "./database.js";
import type { RouteMetrics } from "./route-metrics.js";

export type AppEnv = {
  Variables: {
    requestId: string;
    route?: string;
    timedOut?: boolean;
    /** Headers every answer carries, prepared before the handler runs (http/response-headers.ts). */
    responseHeaders?: Record<string, string>;
    /** The answer http/send.ts built complete with those headers: nothing is left to add to it. */
    sent?: Response;
  };
};
export type AppRouter = OpenAPIHono<AppEnv>;

export interface ModuleContext {
  config: Config;
  /** The module's database: its sql.js store, or a pool on its PostgreSQL schema (DATABASE_URL). */
  database: ModuleDatabase;
  /**
   * The sql.js store, for code not yet on the repository seam. On PostgreSQL reading it throws:
   * such code must go through `database` instead.
   */
  store: Store;
  logger: Logger;
  metrics: RouteMetrics;
}

/** A module's own verdict for the plain `/api/health`; database failures are the core's to report. */
export type ModuleHealth = "ok" | "degraded";

export interface ServiceModule {
  name: "waittimes" | "archive" | "directory";
  migrations: Migration[];
  /**
   * The same revisions in PostgreSQL's dialect, for the module's own schema. A module without them
   * keeps its sql.js file even when DATABASE_URL is set (and then only one process may run).
   */
  pgMigrations?: PgMigration[];
  /**
   * How `chc db copy-to-postgres` copies the module's sql.js file into its PostgreSQL schema
   * (server/db/copy-plan.ts). A module without one is not copied.
   */
  copyPlan?(config: Config): CopyPlan;
  /** Mounts the module's routes at the spec's full paths (e.g. "/api/hospitals") on the shared app. */
  mountRoutes(app: AppRouter, ctx: ModuleContext): void;
  /** Writes demo data when the module's database is empty (first start). Must be idempotent. */
  seedDemo?(ctx: ModuleContext): Promise<void>;
  /**
   * Extra fields for `/api/health?details=1`, merged at the top level of the body. Key them by the
   * module's name (`{ waittimes: {...} }`) unless a spec names the field (the archive's `jobs` and
   * `snapshots.total`).
   */
  healthDetails?(ctx: ModuleContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * "degraded" while the module serves with reduced quality (the plain health status is the worst
   * module's). Called on every health request: it must be cheap.
   */
  healthStatus?(ctx: ModuleContext): ModuleHealth;
  /**
   * On PostgreSQL, what the module's queries need beyond its tables that a migrated schema can
   * still lack (a restore that left the extensions out): each missing thing named, none when all
   * is there. Checked at start-up; the server refuses to start rather than answer with errors.
   */
  pgMissing?(pool: pg.Pool): Promise<string[]>;
  /** Background work (pollers, schedulers, extra listeners such as replay); started after listen. */
  start?(ctx: ModuleContext): Promise<void>;
  stop?(): Promise<void>;
  /**
   * The files outside the database a backup must hold for a restore to work (the archive's WARC
   * files), listed from the module's own rows. `db backup` and `db restore` copy and check them.
   */
  heldFiles?(ctx: Pick<ModuleContext, "database" | "config">): HeldFiles;
  /**
   * Adds the module's commands under `chc <module> …`; `getContext` opens this module's store
   * lazily. A command that only reads asks for `{ readOnly: true }`: it then takes no writer lock
   * and works beside a running server.
   */
  registerCli?(program: Command, getContext: (opts?: { readOnly?: boolean }) => Promise<ModuleContext>): void;
}
