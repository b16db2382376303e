/**
 * End to end on loopback: `archive create-job` and `archive worker` as real CLI processes over a
 * temp DATA_DIR, then the real server on the same folder: health details, snapshot API, replay.
 */
import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteServer, serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { fetchHealthDetails } from "../helpers/admin-token.js";
import { smallSite, tmpDir } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const dataDir = tmpDir("chc-archive-e2e-");
const cli = (...args: string[]) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", ...args), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });

let site: SiteServer;
let outside: SiteServer;
let server: TestServer;
const archive = createArchiveModule();

beforeAll(async () => {
  outside = await serveSite(new Map());
  site = await serveSite(smallSite(outside.url));
  const created = await cli(
    "create-job",
    "--source",
    "phac",
    "--name",
    "local-site",
    "--seed",
    `${site.url}/site/`,
    "--workers",
    "4",
    "--allow-private",
  );
  expect(created.stdout).toMatch(/created job 1 \(local-site\) for source phac: queued/);
  const worked = await cli("worker");
  expect(worked.stdout).toMatch(/job 1: indexed \(16 pages crawled, 0 failed, 13 snapshots\)/);
  server = await startTestServer({ dataDir, modules: [archive] });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await site?.close();
  await outside?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("archive end to end", () => {
  it("the worker took the job through running and completed to indexed", async () => {
    const body = await (await fetchHealthDetails(server.baseUrl)).json();
    expect(body).toMatchObject({
      status: "ok",
      checks: { db: "ok" },
      jobs: { indexed: 1 },
      snapshots: { total: 13 },
    });
    expect(body.archive.replayUrl).toBe(archive.replayUrl());
    const listed = await cli("jobs");
    expect(listed.stdout).toMatch(/local-site.*indexed.*16\/17/);
    expect(outside.requests).toEqual([]);
    expect(site.requests).not.toContain("/site/private/secret.html");
  });

  it("a finished job cannot be crawled or indexed again (409 from the CLI)", async () => {
    await server.close();
    const err = await cli("index-job", "1").catch((e) => e);
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/Conflict: Job 1 is indexed; "index_start" is not allowed/);
    const retry = await cli("retry-job", "1").catch((e) => e);
    expect(retry.code).toBe(1);
    expect(retry.stderr).toMatch(/Conflict/);
    const cleaned = await cli("cleanup");
    expect(cleaned.stdout).toMatch(/job 1: temporary files removed\n1 job\(s\) cleaned/);
    expect(existsSync(path.join(dataDir, "archive/jobs/1/captures.jsonl"))).toBe(false);
    expect(existsSync(path.join(dataDir, "archive/jobs/1/job1-00001.warc.gz"))).toBe(true);
    server = await startTestServer({ dataDir, modules: [archive] });
  }, 60_000);

  it("the snapshot API returns the record with provenance, neighbours and a replay URL", async () => {
    const res = await fetch(`${server.baseUrl}/api/snapshot/1`);
    expect(res.status).toBe(200);
    const s = await res.json();
    expect(s).toMatchObject({
      id: 1,
      jobId: 1,
      sourceCode: "phac",
      statusCode: 200,
      mimeType: "text/html",
      captureFidelity: "high",
      language: "en",
    });
    expect(s.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.provenance).toMatchObject({ warc_file: "job1-00001.warc.gz" });
    expect(s.replayUrl.startsWith(`${archive.replayUrl()}/job-1/${site.url}/`)).toBe(true);
    expect((await fetch(`${server.baseUrl}/api/snapshot/abc`)).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/snapshot/0`)).status).toBe(400);
    const missing = await fetch(`${server.baseUrl}/api/snapshot/9999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error: "NotFound" });
  });

  it("replay serves a captured page with links rewritten, a banner and a CSP", async () => {
    const replay = archive.replayUrl()!;
    expect((await fetch(`${replay}/`)).status).toBe(200);
    const before = site.requests.length;
    const res = await fetch(`${replay}/job-1/${site.url}/site/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const html = await res.text();
    expect(html).toContain("Public health home");
    expect(html).toContain(`href="/job-1/${site.url}/site/p3.html#section"`);
    expect(html).toContain(`href="/job-1/${site.url}/site/style.css"`);
    expect(html).toContain(`href="/job-1/${outside.url}/elsewhere.html"`);
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toMatch(/id="chc-replay-banner"[^>]*>Archived capture of/);
    const css = await fetch(`${replay}/job-1/${site.url}/site/style.css`);
    // Rewritten stylesheets go out as UTF-8 text, and say so.
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toContain(`url(/job-1/${site.url}/site/bg.svg)`);
    // Served from the WARC, not from the live site.
    expect(site.requests.length).toBe(before);
  });

  it("replay answers 404 pages that say what was not found", async () => {
    const replay = archive.replayUrl()!;
    const noJob = await fetch(`${replay}/job-99/${site.url}/site/`);
    expect(noJob.status).toBe(404);
    expect(await noJob.text()).toContain("Job 99 does not exist");
    const noUrl = await fetch(`${replay}/job-1/${site.url}/site/never.html`);
    expect(noUrl.status).toBe(404);
    expect(await noUrl.text()).toContain("/site/never.html was not captured in job 1");
    const outOfScope = await fetch(`${replay}/job-1/${outside.url}/elsewhere.html`);
    expect(outOfScope.status).toBe(404);
  });

  it("the sources list counts the job's snapshots", async () => {
    const res = await fetch(`${server.baseUrl}/api/sources`);
    const { sources } = await res.json();
    expect(sources.find((s: { code: string }) => s.code === "phac")).toMatchObject({ snapshotCount: 13 });
    expect(sources.map((s: { code: string }) => s.code)).toEqual(["cihr", "demo", "hc", "phac"]);
  });
});
