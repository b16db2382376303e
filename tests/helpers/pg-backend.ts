/**
 * Runs one API suite on each storage backend: `describe.each(BACKENDS)` and, per server, ask
 * `databaseUrl(backend)`: undefined on sql.js, a fresh database on PostgreSQL: on the run's shared
 * cluster, or with `own` (a file that stops and starts it) on a throwaway cluster of the file's own,
 * started on first use. `close()` (in the file's afterAll) removes the file's databases.
 */
import type { PgCluster } from "./pg-cluster.js";
import { testPgCluster } from "./pg-shared.js";

export const BACKENDS = ["sqljs", "pg"] as const;
export type Backend = (typeof BACKENDS)[number];

export interface PgBackend {
  databaseUrl(backend: Backend): Promise<string | undefined>;
  /** The cluster, started if it was not (stopping and starting it needs `own`). */
  cluster(): Promise<PgCluster>;
  close(): Promise<void>;
}

export function pgBackend(options: { own?: boolean } = {}): PgBackend {
  let started: Promise<PgCluster> | undefined;
  let databases = 0;
  const cluster = () => {
    started ??= testPgCluster(options);
    return started;
  };
  return {
    cluster,
    async databaseUrl(backend) {
      if (backend === "sqljs") return undefined;
      databases += 1;
      return (await cluster()).createDatabase(`app_${databases}`);
    },
    async close() {
      if (started) (await started).destroy();
    },
  };
}
