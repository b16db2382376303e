/**
 * A crawl whose job is taken from it while it runs: the job failed as interrupted (a lease that
 * lapsed under a live crawler, clock skew on a shared ARCHIVE_WARC_DIR), retried by the operator
 * and claimed by another worker. The first crawl notices within a few seconds, stops, writes
 * nothing more to the job folder and leaves the job's row to its new owner. Before, it crawled on
 * beside the new worker and, at its end, marked the job completed under it.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CAPTURE_LOG, STATE_FILE } from "../../server/archive/crawl/crawler.js";
import { markInterrupted } from "../../server/archive/jobs/crawl-lease.js";
import { crawlJob } from "../../server/archive/jobs/job-runner.js";
import { archiveRepository } from "../../server/archive/repository-of.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

const PAGES = 200;
let env: Awaited<ReturnType<typeof openArchiveStore>>;
let site: http.Server;
let siteUrl = "";

beforeAll(async () => {
  env = await openArchiveStore();
  // Slow pages, all linked from the first: the crawl is far from its end when the job is taken.
  site = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return void res.writeHead(404).end();
    const n = Number(/\/p(\d+)\.html$/.exec(req.url ?? "")?.[1] ?? 0);
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/html" });
      const links = n === 0 ? Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}.html">${i}</a>`) : [];
      res.end(
        `<html lang="en"><title>Page ${n}</title><body><p>Page ${n}</p>${links.join("")}</body></html>`,
      );
    }, 150);
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => site?.close(r));
  await env?.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sizes and contents of everything in the job folder. */
const folder = (dir: string) =>
  Object.fromEntries(
    fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f)).toString("base64")]),
  );

it("a crawl whose job was failed, retried and claimed by another worker stops, writes nothing more and does not complete it", async () => {
  const repo = archiveRepository(env.store);
  await repo.ensureSources(
    [{ code: "demo", name: "Demo", base_url: null, description: null, name_fr: null, description_fr: null }],
    new Date().toISOString(),
  );
  const config = {
    seeds: [`${siteUrl}/p0.html`],
    zimit_passthrough_args: [],
    tool_options: { initial_workers: 2, monitor_interval_seconds: 1 },
    scope: { allow_private: true, delay_ms: 0 },
  };
  const created = await repo.createJob(
    { sourceCode: "demo", name: "fenced", config },
    new Date().toISOString(),
  );
  const mine = await repo.claimNextJob("host-a:1", new Date().toISOString());
  expect(mine?.id).toBe(created.id);
  const log = path.join(created.output_dir, CAPTURE_LOG);
  const lines = () =>
    fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0;

  let endedAt = 0;
  const first = crawlJob({ store: env.store, maxRetries: 3 }, created.id).finally(() => {
    endedAt = Date.now();
  });
  const deadline = Date.now() + 20_000;
  while (lines() < 5 && Date.now() < deadline && !endedAt) await sleep(20);
  expect(lines(), "the crawl is under way").toBeGreaterThanOrEqual(5);

  // What `archive retry-job` and another worker's claim do to the row, as the first still crawls.
  const running = await repo.getJob(created.id);
  await markInterrupted(
    env.store,
    running!,
    "its crawler has given no sign of life for 61 s",
    new Date().toISOString(),
    3,
  );
  await repo.transitionJob(created.id, "retry", new Date().toISOString(), 3);
  await sleep(5); // a later started_at than the first claim's
  const theirs = await repo.claimNextJob("host-b:2", new Date().toISOString());
  expect(theirs?.id).toBe(created.id);
  const takenAt = Date.now();

  const outcome = await Promise.race([first, sleep(8_000).then(() => "still crawling" as const)]);
  expect(outcome, "the first crawl stops within a few seconds of losing its job").not.toBe("still crawling");
  expect(endedAt - takenAt).toBeLessThan(6_000);
  expect(lines(), "the first crawl stopped well before the site's end").toBeLessThan(PAGES);

  // The row is the second worker's, untouched: running under its claim, not completed by the first.
  const row = (await repo.getJob(created.id))!;
  expect(row).toMatchObject({ status: "running", started_at: theirs!.started_at, finished_at: null });
  expect((row as { claimed_by?: string }).claimed_by).toBe("host-b:2");
  expect(row.updated_at).toBe(theirs!.updated_at);

  // The first crawl never wrote its end into the state file (the new owner's now)…
  const state = JSON.parse(fs.readFileSync(path.join(created.output_dir, STATE_FILE), "utf8"));
  expect(state).toMatchObject({ status: "running", stage: "crawling" });
  // …and writes nothing more to the folder once it has returned.
  const after = folder(created.output_dir);
  await sleep(1_500);
  expect(folder(created.output_dir)).toEqual(after);
}, 60_000);
