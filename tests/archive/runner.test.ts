import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { crawlJob, indexJobById, retryJob } from "../../server/archive/jobs/job-runner.js";
import { createJob, getJob } from "../../server/archive/jobs/jobs-store.js";
import type { Store } from "../../server/db/types.js";
import { openArchiveStore, smallSite } from "../helpers/archive/store-and-site.js";

let env: Awaited<ReturnType<typeof openArchiveStore>>;
let store: Store;
beforeEach(async () => {
  env = await openArchiveStore();
  store = env.store;
});
afterEach(() => env.cleanup());

const cfg = (seed: string) => ({
  seeds: [seed],
  zimit_passthrough_args: [],
  tool_options: { initial_workers: 2 },
  scope: { allow_private: true, delay_ms: 0 },
});

describe("job runner", () => {
  it("a crawl that cannot fetch anything fails with its reason; retry-job makes it retryable; the retry succeeds", async () => {
    const site = await serveSite(smallSite("http://127.0.0.1:9"));
    const port = site.port;
    await site.close();
    const job = await createJob(
      store,
      env.dataDir,
      { sourceCode: "demo", name: "flaky", config: cfg(`http://127.0.0.1:${port}/site/`) },
      new Date().toISOString(),
    );
    const failed = await crawlJob({ store, maxRetries: 3 }, job.id);
    expect(failed).toMatchObject({ status: "failed", crawler_status: "failed", crawler_exit_code: 1 });
    expect(JSON.parse(failed.last_stats_json!).reason).toBe("no page could be fetched");
    expect(failed.finished_at).not.toBeNull();

    const retryable = await retryJob({ store, maxRetries: 3 }, job.id);
    expect(retryable).toMatchObject({ status: "retryable", retry_count: 1 });
    const again = await serveSite(smallSite("http://127.0.0.1:9"), { port });
    try {
      const done = await crawlJob({ store, maxRetries: 3 }, job.id);
      expect(done).toMatchObject({
        status: "completed",
        crawler_status: "success",
        crawler_exit_code: 0,
        pages_crawled: 16,
        warc_file_count: 1,
      });
      const indexed = await indexJobById({ store, maxRetries: 3 }, job.id);
      expect(indexed).toMatchObject({ status: "indexed", indexed_page_count: 13 });
    } finally {
      await again.close();
    }
  });

  it("a failed index is re-indexed by retry-job without duplicate snapshots", async () => {
    const site = await serveSite(smallSite("http://127.0.0.1:9"));
    try {
      const job = await createJob(
        store,
        env.dataDir,
        { sourceCode: "demo", name: "idx", config: cfg(`${site.url}/site/`) },
        new Date().toISOString(),
      );
      const crawled = await crawlJob({ store, maxRetries: 3 }, job.id);
      const warc = path.join(
        crawled.output_dir,
        readdirSync(crawled.output_dir).find((f) => f.endsWith(".warc.gz"))!,
      );
      const good = readFileSync(warc);
      appendFileSync(warc, Buffer.from("this is not a gzip member"));
      const broken = await indexJobById({ store, maxRetries: 3 }, job.id);
      expect(broken.status).toBe("index_failed");
      expect(JSON.parse(broken.last_stats_json!).index_error).toBeTruthy();
      const partial = store.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")!.n;
      writeFileSync(warc, good);
      const fixed = await retryJob({ store, maxRetries: 3 }, job.id);
      expect(fixed).toMatchObject({ status: "indexed", indexed_page_count: 13 });
      expect(store.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")!.n).toBe(13);
      expect(partial).toBeLessThanOrEqual(13);
      const groups = store.all<{ n: number }>(
        "SELECT COUNT(*) AS n FROM snapshots GROUP BY warc_record_id HAVING n > 1",
      );
      expect(groups).toEqual([]);
      // Every snapshot is searchable (FTS row written with it) and carries its WARC offset.
      const fts = store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM snapshots_fts WHERE snapshots_fts MATCH 'influenza'",
      )!.n;
      expect(fts).toBe(12);
      const snap = store.get<{ provenance_json: string; normalized_url_group: string; url: string }>(
        "SELECT * FROM snapshots WHERE url LIKE '%p3.html'",
      )!;
      expect(JSON.parse(snap.provenance_json).warc_offset).toBeGreaterThan(0);
      expect(getJob(store, job.id)!.status).toBe("indexed");
    } finally {
      await site.close();
    }
  });
});
