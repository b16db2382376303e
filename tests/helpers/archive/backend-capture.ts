/**
 * A local site crawled and indexed into a data folder on either storage backend, then opened by
 * the real server: the real crawler over loopback, the real indexer writing through the sql.js or
 * PostgreSQL repository (a fresh database of `backend`), as the archive's worker does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createArchiveModule } from "../../../server/archive/index.js";
import { crawlJob, indexJobById } from "../../../server/archive/jobs/job-runner.js";
import { defaultWarcRoot } from "../../../server/archive/jobs/warc-paths.js";
import { archivePgMigrations } from "../../../server/archive/migrations/pg/index.js";
import type { ArchiveRepository } from "../../../server/archive/repository.js";
import { archiveRepository } from "../../../server/archive/repository-of.js";
import { createPgArchiveRepository } from "../../../server/archive/repository-pg/index.js";
import { pgUpgrade } from "../../../server/db/pg/migrations.js";
import { createPgPool } from "../../../server/db/pg/pool.js";
import { createStore } from "../../../server/db/store.js";
import type { Backend, PgBackend } from "../pg-backend.js";
import { scratchDir } from "../scratch-dir.js";
import { startTestServer, type TestServer } from "../server.js";

export interface BackendCapture {
  /** The crawled site's origin (http://127.0.0.1:port). */
  origin: string;
  baseUrl: string;
  /** The job's status and stats once indexed. */
  status: string;
  stats: Record<string, unknown>;
}

/**
 * Before the file's tests: serves `handler` on loopback, crawls it from `seed(origin)` and indexes
 * it on `kind`, then starts the server on that data; closed after them.
 */
export function captureOnBackend(
  kind: Backend,
  backend: PgBackend,
  handler: (req: http.IncomingMessage, res: http.ServerResponse, port: number) => void,
  seed: (port: number) => string,
): BackendCapture {
  const out: BackendCapture = { origin: "", baseUrl: "", status: "", stats: {} };
  const archive = createArchiveModule();
  let server: TestServer | undefined;
  const crawl = async (repo: ArchiveRepository) => {
    const site = http.createServer((req, res) => handler(req, res, (site.address() as AddressInfo).port));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      const port = (site.address() as AddressInfo).port;
      out.origin = `http://127.0.0.1:${port}`;
      const job = await repo.createJob(
        {
          sourceCode: "demo",
          name: "backend-fixture",
          config: {
            seeds: [seed(port)],
            zimit_passthrough_args: [],
            tool_options: { initial_workers: 2 },
            scope: { allow_private: true, delay_ms: 0 },
          },
        },
        new Date().toISOString(),
      );
      await crawlJob({ store: repo, maxRetries: 0 }, job.id);
      const indexed = await indexJobById({ store: repo, maxRetries: 0 }, job.id);
      out.status = indexed.status;
      out.stats = JSON.parse(indexed.last_stats_json ?? "{}");
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  };
  beforeAll(async () => {
    const dataDir = scratchDir(`chc-${kind}-capture-`);
    const databaseUrl = await backend.databaseUrl(kind);
    if (databaseUrl) {
      const pool = createPgPool({ url: databaseUrl, schema: "archive", size: 2 });
      try {
        await pgUpgrade(pool, "archive", archivePgMigrations);
        await crawl(createPgArchiveRepository(pool, defaultWarcRoot(dataDir)));
      } finally {
        await pool.end();
      }
    } else {
      const store = await createStore({ dataDir, name: "archive", migrations: archive.migrations });
      try {
        await crawl(archiveRepository(store));
      } finally {
        await store.close();
      }
    }
    server = await startTestServer({ dataDir, modules: [archive], databaseUrl });
    out.baseUrl = server.baseUrl;
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });
  return out;
}
