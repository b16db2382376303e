/**
 * Puts a crawled and indexed job into a data folder before the server opens it: the real crawler
 * over a real local site, then the real indexer, so replay serves real WARC records.
 */
import { createArchiveModule } from "../../../server/archive/index.js";
import { crawlJob, indexJobById } from "../../../server/archive/jobs/job-runner.js";
import { createJob } from "../../../server/archive/jobs/jobs-store.js";
import { createStore } from "../../../server/db/store.js";

export async function captureSite(dataDir: string, seed: string): Promise<number> {
  const store = await createStore({
    dataDir,
    name: "archive",
    migrations: createArchiveModule().migrations,
  });
  try {
    const job = await createJob(
      store,
      dataDir,
      {
        sourceCode: "demo",
        name: "replay-fixture",
        config: {
          seeds: [seed],
          zimit_passthrough_args: [],
          tool_options: { initial_workers: 2 },
          scope: { allow_private: true, delay_ms: 0 },
        },
      },
      new Date().toISOString(),
    );
    await crawlJob({ store, maxRetries: 0 }, job.id);
    const indexed = await indexJobById({ store, maxRetries: 0 }, job.id);
    if (indexed.status !== "indexed") throw new Error(`job ${job.id} ended ${indexed.status}`);
    return job.id;
  } finally {
    await store.close();
  }
}
