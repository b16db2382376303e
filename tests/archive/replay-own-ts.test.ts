/**
 * Replay of captured addresses whose own query ends in `ts=` (a stylesheet's cache-buster, a
 * list's page): the rewritten links of a replayed page ask for exactly those addresses, which are
 * served as captured instead of being read as the replay's capture date (a 404 for the year 1700,
 * a 400 for "5"). The replay's own `ts` still picks a capture. A real crawl of a local site, the
 * real indexer and the replay listener on loopback.
 */
import { expect, it } from "vitest";
import { serveCapturedPages } from "../helpers/archive/captured-site.js";

const PAGES: Record<string, { type: string; body: string }> = {
  "/site/": {
    type: "text/html; charset=utf-8",
    body: '<!doctype html><html><head><title>Home</title><link rel="stylesheet" href="/site/style.css?ts=1700000000"></head><body><a href="/site/list?ts=5">Page 5</a></body></html>',
  },
  "/site/style.css": { type: "text/css", body: "body { color: #123456 }" },
  "/site/list": {
    type: "text/html; charset=utf-8",
    body: "<!doctype html><title>List</title><p>Fifth page</p>",
  },
};

const site = serveCapturedPages("chc-replay-ts-", PAGES);

it("serves captured addresses ending in their own ts=, as the replayed page links them", async () => {
  const base = `${site.replayUrl}/job-${site.jobId}/`;
  const home = await (await fetch(`${base}${site.origin}/site/`)).text();
  const stylesheet = `/job-${site.jobId}/${site.origin}/site/style.css?ts=1700000000`;
  const list = `/job-${site.jobId}/${site.origin}/site/list?ts=5`;
  expect(home).toContain(`href="${stylesheet}"`);
  expect(home).toContain(`href="${list}"`);
  const css = await fetch(`${site.replayUrl}${stylesheet}`);
  expect(css.status).toBe(200);
  expect(await css.text()).toContain("#123456");
  const page = await fetch(`${site.replayUrl}${list}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Fifth page");
  // The replay's own ts after the page's: that capture, at the date asked.
  expect((await fetch(`${site.replayUrl}${list}&ts=2026`)).status).toBe(200);
  expect((await fetch(`${base}${site.origin}/site/?ts=5`)).status).toBe(400);
});
