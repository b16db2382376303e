/**
 * A write that fails in one crawl worker while the others are still fetching: the crawl waits for
 * them before it closes its WARC file, so none of them opens a new WARC file after the close (left
 * unsynced, never closed) or writes once the crawl has returned. Before, the first failure closed
 * the writer at once and a sibling's append opened `<prefix>-00002.warc.gz` behind it.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CAPTURE_LOG, runCrawl } from "../../server/archive/crawl/crawler.js";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";

let site: http.Server;
let siteUrl = "";

beforeAll(async () => {
  // The home page links four pages; with the site's delay between requests, the other workers
  // are still waiting their turn (or fetching) when the first of them is stored.
  site = http.createServer((req, res) => {
    if (req.url === "/robots.txt") return void res.writeHead(404).end();
    const html = (body: string) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html lang="en"><title>t</title><body>${body}</body></html>`);
    };
    if (req.url === "/") return html(["a", "b", "c", "d"].map((p) => `<a href="/${p}">${p}</a>`).join(""));
    setTimeout(() => html(`<p>${req.url}</p>`), 100);
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => site?.close(r));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("a failed write stops the crawl only once its other workers are done, and nothing is written after", async () => {
  const jobDir = tmpDir("chc-crawl-write-failure-");
  const parsed = parseJobConfig({
    seeds: [`${siteUrl}/`],
    tool_options: { initial_workers: 4 },
    scope: { allow_private: true, delay_ms: 300 },
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const log = path.join(jobDir, CAPTURE_LOG);
  const lines = () =>
    fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0;
  let progress = 0;
  const crawl = runCrawl({ jobDir, warcPrefix: "t", config: parsed.config, onProgress: () => progress++ });
  // Once robots.txt and the home page are logged, the capture log can no longer be written.
  const deadline = Date.now() + 10_000;
  while (lines() < 2 && Date.now() < deadline) await sleep(5);
  fs.rmSync(log);
  fs.mkdirSync(log);

  const result = await crawl;
  expect(result).toMatchObject({ status: "failed", stage: "error" });
  expect(result.reason).toMatch(/captures\.jsonl/);
  const atReturn = { files: fs.readdirSync(jobDir).sort(), progress };
  await sleep(2_000); // every page has long been asked for and answered
  expect(fs.readdirSync(jobDir).sort()).toEqual(atReturn.files);
  expect(atReturn.files.filter((f) => f.endsWith(".warc.gz"))).toEqual(["t-00001.warc.gz"]);
  expect(progress).toBe(atReturn.progress);
});
