/**
 * Puts a crawled and indexed job into a data folder before the server opens it: the real crawler
 * over a real local site, then the real indexer, so replay serves real WARC records.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createArchiveModule } from "../../../server/archive/index.js";
import { crawlJob, indexJobById } from "../../../server/archive/jobs/job-runner.js";
import { createJob } from "../../../server/archive/jobs/jobs-store.js";
import { createStore } from "../../../server/db/store.js";
import { scratchDir } from "../scratch-dir.js";
import { startTestServer, type TestServer } from "../server.js";

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

/**
 * Serves `pages` (path → Content-Type and body, a string sent as UTF-8) on a loopback port just
 * long enough to capture them from `<origin>/site/` into `dataDir`, as captureSite does.
 */
export async function captureServedPages(
  dataDir: string,
  pages: Record<string, { type: string; body: string | Uint8Array }>,
): Promise<{ origin: string; jobId: number }> {
  const site = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? "/", "http://x").pathname];
    if (!page) return void res.writeHead(404).end();
    const body = typeof page.body === "string" ? Buffer.from(page.body) : page.body;
    res.writeHead(200, { "Content-Type": page.type, "Content-Length": body.byteLength }).end(body);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    return { origin, jobId: await captureSite(dataDir, `${origin}/site/`) };
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
}

/** What serveCapturedPages gives a test file, filled in by its beforeAll. */
export interface ServedCapture {
  origin: string;
  jobId: number;
  /** The app server's base URL, and the replay listener's. */
  baseUrl: string;
  replayUrl: string;
}

/**
 * A test file's archive of `pages`: captured (captureServedPages) and opened by the real server
 * with its replay listener before the file's tests (beforeAll), closed after them.
 */
export function serveCapturedPages(
  prefix: string,
  pages: Record<string, { type: string; body: string | Uint8Array }>,
): ServedCapture {
  const served: ServedCapture = { origin: "", jobId: 0, baseUrl: "", replayUrl: "" };
  const archive = createArchiveModule();
  let server: TestServer | undefined;
  beforeAll(async () => {
    const dataDir = scratchDir(prefix);
    Object.assign(served, await captureServedPages(dataDir, pages));
    server = await startTestServer({ dataDir, modules: [archive] });
    served.baseUrl = server.baseUrl;
    served.replayUrl = archive.replayUrl() as string;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  return served;
}
