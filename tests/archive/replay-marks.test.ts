/**
 * Replay with `?marks-since=<capture id>`: two real crawls of one local page whose text changed
 * in between, read back from their WARC files by the real server. The later capture comes with
 * the passages it added marked inside the page itself (computed by the server from the two
 * captures); without the parameter the replay is the same as ever; bad values get a 4xx.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoFile } from "../../server/archive/crawl/demo-site/render.js";
import { serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { asArchiveRepository } from "../../server/archive/repository-of.js";
import { createStore } from "../../server/db/store.js";
import { captureSite } from "../helpers/archive/captured-site.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const page = (main: string): DemoFile => ({
  type: "text/html; charset=utf-8",
  body:
    '<!doctype html><html lang="en"><head><title>Measles</title><style>p{color:#333}</style></head>' +
    `<body><nav><a href="/site/">Home</a> <a href="/site/other.html">Other</a></nav><main>${main}</main>` +
    // The script holds the added sentence too: it must come back untouched.
    '<script>var notice = "Clinics open Saturday & Sunday.";</script></body></html>',
});
const site = (main: string) =>
  new Map<string, DemoFile>([
    ["/site/", page(main)],
    ["/site/other.html", page("<p>Another page.</p>")],
  ]);
const EARLIER = "<h1>Measles</h1><p>Measles spreads easily.</p><p>Vaccines are free.</p>";
const LATER =
  "<h1>Measles</h1><p>Measles spreads easily.</p>" +
  '<p>Clinics open <strong>Saturday</strong> &amp; <a href="/site/hours.html" title="Clinics open Saturday">Sunday</a>.</p>' +
  "<p>Vaccines are free.</p><ul><li>Bring your vaccination record</li></ul>";

const dataDir = tmpDir("chc-replay-marks-");
const archive = createArchiveModule();
let server: TestServer;
let replay: string;
let siteUrl: string;
let jobs: [number, number];
/** Capture ids of the home page in the first and second crawl, and of the other page. */
let earlier: number;
let later: number;
let otherPage: number;

beforeAll(async () => {
  const served = await serveSite(site(EARLIER));
  try {
    siteUrl = served.url;
    const first = await captureSite(dataDir, `${served.url}/site/`);
    served.setFiles(site(LATER));
    const second = await captureSite(dataDir, `${served.url}/site/`);
    jobs = [first, second];
  } finally {
    await served.close();
  }
  const store = await createStore({ dataDir, name: "archive", migrations: archive.migrations });
  try {
    const repo = asArchiveRepository(store);
    const home = (rows: { id: number; url: string }[]) => rows.find((r) => r.url.endsWith("/site/"))!.id;
    const firstRows = await repo.okSnapshotsOfJob(jobs[0]);
    earlier = home(firstRows);
    later = home(await repo.okSnapshotsOfJob(jobs[1]));
    otherPage = firstRows.find((r) => r.url.endsWith("/site/other.html"))!.id;
  } finally {
    await store.close();
  }
  server = await startTestServer({ dataDir, modules: [archive] });
  replay = archive.replayUrl() as string;
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const laterPage = () => `${replay}/job-${jobs[1]}/${siteUrl}/site/`;
const marksOf = (html: string) =>
  [...html.matchAll(/<mark class="chc-change"(?: id="([^"]*)")?>([\s\S]*?)<\/mark>/g)].map((m) => ({
    id: m[1] ?? null,
    raw: m[2],
  }));
const unmark = (html: string) =>
  html
    .replace(/<style id="chc-change-style">[\s\S]*?<\/style>/, "")
    .replace(/<mark class="chc-change"(?: id="[^"]*")?>|<\/mark>/g, "");

describe("replay with marks since an earlier capture", () => {
  it("marks the passages the later capture added inside the page, and changes nothing else", async () => {
    const plainRes = await fetch(laterPage());
    const plain = await plainRes.text();
    expect(plain).not.toContain("chc-change");
    const res = await fetch(`${laterPage()}?marks-since=${earlier}`);
    expect(res.status).toBe(200);
    for (const h of ["content-type", "content-security-policy", "x-content-type-options", "memento-datetime"])
      expect(res.headers.get(h), h).toBe(plainRes.headers.get(h));
    const marked = await res.text();
    expect(marksOf(marked)).toEqual([
      { id: "chc-change-1", raw: "Clinics open " },
      { id: null, raw: "Saturday" },
      { id: null, raw: " &amp; " },
      { id: null, raw: "Sunday" },
      { id: null, raw: "." },
      { id: "chc-change-2", raw: "Bring your vaccination record" },
    ]);
    // The link (rewritten into the collection as always), its title, the script: as they were.
    expect(marked).toContain(
      `<a href="/job-${jobs[1]}/${siteUrl}/site/hours.html" title="Clinics open Saturday"><mark class="chc-change">Sunday</mark></a>`,
    );
    expect(marked).toContain('<script>var notice = "Clinics open Saturday & Sunday.";</script>');
    expect(marked).toMatch(
      /<style>p\{color:#333\}<\/style><style id="chc-change-style">[^<]+<\/style><\/head>/,
    );
    expect(unmark(marked)).toBe(plain);
  });

  it("takes the parameters in either order, and marks nothing where nothing was added", async () => {
    const withTs = await (await fetch(`${laterPage()}?marks-since=${earlier}&ts=2020`)).text();
    expect(marksOf(withTs)).toHaveLength(6);
    // The earlier capture against the later: it added nothing, so it replays unmarked.
    const back = `${replay}/job-${jobs[0]}/${siteUrl}/site/`;
    const plain = await (await fetch(back)).text();
    expect(await (await fetch(`${back}?marks-since=${later}`)).text()).toBe(plain);
  });

  it("answers a bad marks-since with a 4xx naming it, in the envelope or a page in both languages", async () => {
    const json = { headers: { accept: "application/json" } };
    for (const bad of ["abc", "0", "-1", "", "1.5", "%3Cb%3E"]) {
      const res = await fetch(`${laterPage()}?marks-since=${bad}`, json);
      expect(res.status, bad).toBe(400);
      expect(await res.json(), bad).toEqual({
        success: false,
        error: "ValidationError",
        message: expect.stringMatching(/^marks-since must be the id of another capture of the page/),
      });
    }
    const unknown = await fetch(`${laterPage()}?marks-since=987654`, json);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      success: false,
      error: "NotFound",
      message: "marks-since: capture 987654 does not exist",
    });
    const other = await fetch(`${laterPage()}?marks-since=${otherPage}`, json);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({
      error: "ValidationError",
      message: expect.stringMatching(/^marks-since: capture \d+ is of .*other\.html, not of /),
    });
    const pageRes = await fetch(`${laterPage()}?marks-since=${otherPage}`);
    expect(pageRes.status).toBe(400);
    expect(pageRes.headers.get("content-security-policy")).toMatch(/^sandbox /);
    const text = await pageRes.text();
    expect(text).toContain("is of another page, so it cannot be compared with");
    expect(text).toContain("est celle d'une autre page");
  });
});
