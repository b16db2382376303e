/**
 * A link out of a crawl that holds only part of a site (an annual edition's shard, a crawl of one
 * section) leads to the page's capture from another crawl of the same source, not to "not
 * captured in this job". The real crawler twice over a local site, the real indexer and the
 * replay listener on loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { captureSite } from "../helpers/archive/captured-site.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const PAGES: Record<string, string> = {
  "/site/": '<!doctype html><title>Home</title><a href="/site/topics.html">Topics</a>',
  "/site/topics.html": "<!doctype html><title>Topics</title><p>Every topic</p>",
  "/site/lone.html": '<!doctype html><title>Lone</title><a href="/site/topics.html">Topics</a>',
};

const archive = createArchiveModule();
let server: TestServer;
let origin = "";
let whole = 0;
let part = 0;
beforeAll(async () => {
  const site = http.createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? "/", "http://x").pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const dataDir = scratchDir("chc-replay-other-");
  try {
    whole = await captureSite(dataDir, `${origin}/site/`);
    // Seeded on a page whose only link leads to a page already captured by the first crawl.
    PAGES["/site/topics.html"] = "<!doctype html><title>Topics</title><p>Gone from this crawl</p>";
    part = await captureSite(dataDir, `${origin}/site/lone.html`);
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
  server = await startTestServer({ dataDir, modules: [archive] });
}, 60_000);
afterAll(() => server?.close());

it("sends a link to a page the crawl does not hold to that page's capture from another crawl", async () => {
  const replay = archive.replayUrl() as string;
  // Both crawls captured topics.html (the second through lone.html's link): each serves its own.
  const own = await fetch(`${replay}/job-${part}/${origin}/site/topics.html`);
  expect(own.status).toBe(200);
  // The home page was captured by the first crawl only.
  const out = await fetch(`${replay}/job-${part}/${origin}/site/`, { redirect: "manual" });
  expect(out.status).toBe(302);
  expect(out.headers.get("location")).toBe(`/job-${whole}/${origin}/site/`);
  const followed = await fetch(`${replay}${out.headers.get("location")}`);
  expect(followed.status).toBe(200);
  expect(await followed.text()).toContain("Home");
  // An address no crawl captured is still a 404.
  expect((await fetch(`${replay}/job-${part}/${origin}/site/never.html`)).status).toBe(404);
});
