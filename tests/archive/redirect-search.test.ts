/**
 * Pages reached through a redirect are found by the address a reader has: an old site that moved
 * (the seed answers 301 to its new home on another host) and a page whose old address redirects
 * within the site. A search by the old address, or by the old site's address, finds the page it
 * leads to, and the result says which address it was reached from. A real crawl of a local site
 * (two host names for the loopback server), the real indexer on sql.js and PostgreSQL, the real
 * server.
 */
import { afterAll, describe, expect, it } from "vitest";
import { captureOnBackend } from "../helpers/archive/backend-capture.js";
import { BACKENDS, type Backend, pgBackend } from "../helpers/pg-backend.js";

const HOME =
  '<!doctype html><html lang="en"><head><title>Public health agency</title></head><body><main><p>Our guidance.</p><a href="/site/old-guide">Heat guide</a></main></body></html>';
const GUIDE =
  '<!doctype html><html lang="en"><head><title>Extreme heat guide</title></head><body><main><p>Drink water during a heat warning.</p></main></body></html>';

const backend = pgBackend();
afterAll(() => backend.close());

interface Hit {
  title: string;
  originalUrl: string;
  reachedFrom: string | null;
}

describe.each(BACKENDS)("a page reached through a redirect (%s)", (kind: Backend) => {
  const site = captureOnBackend(
    kind,
    backend,
    (req, res, port) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const moved = (to: string) => res.writeHead(301, { Location: to }).end();
      // The old site, under another name for the same server, moved to the new one.
      if (req.headers.host?.startsWith("localhost") && path === "/old-site/")
        return moved(`http://127.0.0.1:${port}/site/`);
      if (path === "/site/") return void res.writeHead(200, { "Content-Type": "text/html" }).end(HOME);
      if (path === "/site/old-guide") return moved("/site/heat-guide.html");
      if (path === "/site/heat-guide.html")
        return void res.writeHead(200, { "Content-Type": "text/html" }).end(GUIDE);
      res.writeHead(404).end();
    },
    (port) => `http://localhost:${port}/old-site/`,
  );
  const search = async (q: string) =>
    (await (await fetch(`${site.baseUrl}/api/search?q=${encodeURIComponent(q)}`)).json()) as {
      mode: string;
      results: Hit[];
    };
  const port = () => new URL(site.origin).port;

  it("is found by its old address, saying it was reached from it", async () => {
    const found = await search(`${site.origin}/site/old-guide`);
    expect(found.mode).toBe("url");
    expect(found.results.map((h) => [h.title, h.originalUrl, h.reachedFrom])).toEqual([
      ["Extreme heat guide", `${site.origin}/site/heat-guide.html`, `${site.origin}/site/old-guide`],
    ]);
  });

  it("is found by the address of the site that moved, and by the old site's address alone", async () => {
    const old = `http://localhost:${port()}/old-site/`;
    expect((await search(old)).results.map((h) => [h.title, h.originalUrl, h.reachedFrom])).toEqual([
      ["Public health agency", `${site.origin}/site/`, old],
    ]);
    expect(
      (await search(`http://localhost:${port()}/`)).results.map((h) => [h.originalUrl, h.reachedFrom]),
    ).toEqual([[`${site.origin}/site/`, old]]);
  });

  it("is found by its own address as before, reached from nowhere", async () => {
    const own = await search(`${site.origin}/site/heat-guide.html`);
    expect(own.results.map((h) => [h.originalUrl, h.reachedFrom])).toEqual([
      [`${site.origin}/site/heat-guide.html`, null],
    ]);
    expect((await search("heat warning")).results.map((h) => h.reachedFrom)).toEqual([null]);
  });
});
