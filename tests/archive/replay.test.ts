/**
 * The replay listener's answers: every one, whatever its status, carries the sandboxing CSP and
 * the same headers; bad input gets a 400 (a page, or the error envelope when JSON is asked for),
 * never a 500. A real crawl of a local site, the real server on a loopback port.
 */
import { readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { jobDirFor } from "../../server/archive/jobs/jobs-store.js";
import { captureSite } from "../helpers/archive/captured-site.js";
import { smallSite, tmpDir } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const dataDir = tmpDir("chc-replay-");
const archive = createArchiveModule();
let server: TestServer;
let page: string; // replay URL of the captured home page
let replay: string;
let jobId: number;

beforeAll(async () => {
  const site = await serveSite(smallSite("http://127.0.0.1:9", 2));
  try {
    jobId = await captureSite(dataDir, `${site.url}/site/`);
    server = await startTestServer({ dataDir, modules: [archive] });
    replay = archive.replayUrl() as string;
    page = `${replay}/job-${jobId}/${site.url}/site/`;
  } finally {
    await site.close();
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const expectReplayHeaders = (res: Response, what: string) => {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, what).toMatch(/^sandbox allow-scripts allow-forms allow-popups;/);
  expect(csp, what).not.toContain("allow-same-origin");
  expect(csp, what).toContain("script-src 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
};

describe("replay answers", () => {
  it("answers a malformed or impossible ts with 400 and the replay's headers", async () => {
    for (const ts of ["%ff", "%E0%A4%A", "garbage", "1", "2025-13-45", "20251399"]) {
      const res = await fetch(`${page}?ts=${ts}`);
      expect(res.status, ts).toBe(400);
      expect(res.headers.get("content-type"), ts).toBe("text/html; charset=utf-8");
      expectReplayHeaders(res, ts);
      const html = await res.text();
      expect(html).toContain("The capture date in this address is not a date.");
      expect(html).toContain('<div lang="fr">');
    }
    // A well-formed date still picks a capture.
    for (const ts of ["2020", "20200101000000", "2020-01-01", "2020-01-01T00:00:00Z"])
      expect((await fetch(`${page}?ts=${ts}`)).status, ts).toBe(200);
  });

  it("gives a JSON client the error envelope, naming the parameter", async () => {
    const res = await fetch(`${page}?ts=%ff`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(400);
    expectReplayHeaders(res, "json");
    expect(await res.json()).toEqual({
      success: false,
      error: "ValidationError",
      message: expect.stringMatching(/^ts must be an ISO 8601 date .*got "%ff"$/),
    });
    const missing = await fetch(`${replay}/job-42/http://x.example/`, {
      headers: { accept: "application/json" },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error: "NotFound" });
  });

  it("sends the same headers on every answer, whatever its status", async () => {
    const cases: [string, RequestInit, number][] = [
      [`${replay}/`, {}, 200],
      [page, {}, 200],
      [page, { method: "HEAD" }, 200],
      [page.replace(/\/site\/$/, "/site/style.css"), {}, 200],
      [`${replay}/job-99/http://x.example/`, {}, 404],
      [`${replay}/job-999999999999999999999/http://x.example/`, {}, 404],
      [`${replay}/elsewhere`, {}, 404],
      [page, { method: "POST" }, 405],
    ];
    for (const [url, init, status] of cases) {
      const res = await fetch(url, init);
      const what = `${init.method ?? "GET"} ${url}`;
      expect(res.status, what).toBe(status);
      expectReplayHeaders(res, what);
      await res.arrayBuffer();
    }
  });

  it("answers an unreadable capture with a 500 page that keeps the headers", async () => {
    // The WARC files disappear under a running server (a disk problem, an operator's mistake).
    const jobDir = jobDirFor(dataDir, jobId);
    const warcs = readdirSync(jobDir).filter((f) => f.endsWith(".warc.gz"));
    for (const f of warcs) renameSync(path.join(jobDir, f), path.join(jobDir, `${f}.moved`));
    try {
      const res = await fetch(page);
      expect(res.status).toBe(500);
      expectReplayHeaders(res, "unreadable");
      expect(await res.text()).toContain("This capture could not be read");
    } finally {
      for (const f of warcs) renameSync(path.join(jobDir, `${f}.moved`), path.join(jobDir, f));
    }
  });

  it("marks a replayed page with the banner in both languages", async () => {
    const html = await (await fetch(page)).text();
    expect(html).toMatch(/<div id="chc-replay-banner" lang="en"[^>]*>Archived capture of /);
    expect(html).toContain('<span lang="fr">capture archivée prise le ');
    // The capture time as each language writes it (in UTC, said so), not the WARC's raw ISO date.
    expect(html).toMatch(
      / taken <time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [ap]\.m\. UTC<\/time>/,
    );
    expect(html).toMatch(
      / prise le <time datetime="[^"]+">\d{1,2} [a-zéû]+ \d{4} à \d{1,2} h \d\d UTC<\/time>/,
    );
    expect(html).not.toMatch(/(taken|prise le) \d{4}-/);
  });
});
