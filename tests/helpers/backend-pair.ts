/**
 * A module's two storage backends side by side for one test file: a sql.js store in a temporary
 * folder and a PostgreSQL database (on the run's shared cluster, or with `ownCluster` on a throwaway
 * one the file may stop), both at the module's latest revision.
 * `pgPool(url)` opens more pools (other "processes"); `close()` ends them all and removes both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { type PgMigration, pgUpgrade } from "../../server/db/pg/migrations.js";
import { createPgPool } from "../../server/db/pg/pool.js";
import { createStore } from "../../server/db/store.js";
import type { Migration, Store } from "../../server/db/types.js";
import type { PgCluster } from "./pg-cluster.js";
import { testPgCluster } from "./pg-shared.js";

export interface BackendPair {
  cluster: PgCluster;
  /** The sql.js store. */
  store: Store;
  /** A pool on the side-by-side PostgreSQL database, migrated. */
  pool: pg.Pool;
  pgPool(url: string): pg.Pool;
  close(): Promise<void>;
}

export async function startBackendPair(options: {
  schema: "waittimes" | "directory" | "archive";
  migrations: Migration[];
  pgMigrations: PgMigration[];
  /** A cluster of the file's own, for a file that stops it. */
  ownCluster?: boolean;
}): Promise<BackendPair> {
  const { schema } = options;
  const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
  const cluster = await testPgCluster({ own: options.ownCluster });
  const dir = mkdtempSync(path.join(os.tmpdir(), `${schema}-backends-`));
  const store = await createStore({
    dataDir: dir,
    name: schema,
    migrations: options.migrations,
    logger: quiet,
  });
  const pools: pg.Pool[] = [];
  const pgPool = (url: string) => {
    const pool = createPgPool({ url, schema, size: 4 });
    pools.push(pool);
    return pool;
  };
  const pool = pgPool(cluster.createDatabase("side_by_side"));
  await pgUpgrade(pool, schema, options.pgMigrations);
  return {
    cluster,
    store,
    pool,
    pgPool,
    async close() {
      for (const p of pools) await p.end();
      await store.close();
      cluster.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
