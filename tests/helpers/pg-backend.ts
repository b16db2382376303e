/**
 * Runs one API suite on each storage backend: `describe.each(BACKENDS)` and, per server, ask
 * `databaseUrl(backend)`: undefined on sql.js, a fresh database on PostgreSQL. The file's one
 * throwaway cluster starts on first use; `close()` (in the file's afterAll) removes it.
 */
import { type PgCluster, startPgCluster } from "./pg-cluster.js";

export const BACKENDS = ["sqljs", "pg"] as const;
export type Backend = (typeof BACKENDS)[number];

export interface PgBackend {
  databaseUrl(backend: Backend): Promise<string | undefined>;
  /** The cluster, started if it was not (for tests that stop and start it). */
  cluster(): Promise<PgCluster>;
  close(): Promise<void>;
}

export function pgBackend(): PgBackend {
  let started: Promise<PgCluster> | undefined;
  let databases = 0;
  const cluster = () => {
    started ??= startPgCluster();
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
