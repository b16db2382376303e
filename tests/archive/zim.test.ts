/**
 * Issue #16 §3: `chc archive export-zim` builds a ZIM of an edition with Debian's zimwriterfs,
 * checked by zimcheck, and records it as the jobs' final_zim_path (through the running server,
 * which holds the database); without zim-tools it says in one line how to install them.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../server/db/types.js";
import { type EditionFixture, SITE, seedEdition } from "../helpers/archive/edition-fixture.js";
import { scratchDir } from "../helpers/scratch-dir.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

const run = promisify(execFile);
let server: TestServer;
let store: Store;
let edition: EditionFixture;

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, nodeArgsFor("server/cli.ts", "archive", ...args), {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent", ...env },
  });

beforeAll(async () => {
  server = await startTestServer({ env: { ARCHIVE_DEMO_CRAWL: "0" } });
  store = server.contexts.get("archive")!.store;
  edition = await seedEdition(store, server.dataDir, {
    year: 2026,
    shards: 2,
    pages: 6,
    // A page linking to an old address the crawl found redirected (old.html → page-0.html).
    extra: (w) =>
      w
        .append({
          url: `${SITE}/en/links.html`,
          date: "2026-01-19T10:00:30.000Z",
          method: "GET",
          requestHeaders: {},
          status: 200,
          statusText: "OK",
          responseHeaders: [["Content-Type", "text/html"]],
          body: Buffer.from(
            '<!doctype html><title>Links</title><a href="/en/s1/old.html#intro">moved page</a>',
          ),
        })
        .then(() => undefined),
  });
}, 60_000);
afterAll(() => server?.close());

describe("chc archive export-zim", () => {
  it("builds a ZIM that zimcheck passes, with every page, and records it while the server runs", async () => {
    const { stdout } = await cli(["export-zim", "--edition", String(edition.editionId)]);
    const file = path.join(server.dataDir, "archive", "zim", "chc-archive-demo-2026.zim");
    // 13 pages (the links page included) plus the stylesheet and the image; the 404 and the redirect are not pages.
    expect(stdout).toBe(
      `wrote ${file}: 13 page(s), 15 file(s), ${/(\d+) bytes/.exec(stdout)?.[1]} bytes; final_zim_path set on 2 job(s)\n`,
    );
    const check = await run("zimcheck", ["-A", file]);
    expect(check.stdout).toMatch(/Overall Test Status: Pass/);
    const { stdout: list } = await run("zimdump", ["list", file]);
    const entries = list.split("\n");
    for (const url of store
      .all<{ url: string }>("SELECT url FROM snapshots WHERE status_code = 200")
      .map((r) => r.url))
      expect(entries).toContain(`demo-health.example.ca${new URL(url).pathname}`);
    expect(entries).toContain("index.html");
    // A page's links to other captured pages and to its stylesheet are relative inside the ZIM.
    const { stdout: page } = await run("zimdump", [
      "show",
      "--url=demo-health.example.ca/en/s1/page-0.html",
      file,
    ]);
    expect(page).toContain('href="../../css/site.css"');
    expect(page).toContain('href="../../fr/s1/page-1.html"');
    expect(page).toContain('href="https://elsewhere.example.org/"');
    // A link to an address that redirected leads to where it went, inside the file.
    const { stdout: links } = await run("zimdump", [
      "show",
      "--url=demo-health.example.ca/en/links.html",
      file,
    ]);
    expect(links).toContain('href="s1/page-0.html#intro"');
    const rows = store.all<{ final_zim_path: string | null }>(
      `SELECT final_zim_path FROM archive_jobs WHERE id IN (${edition.jobIds.join(",")})`,
    );
    expect(rows).toEqual(edition.jobIds.map(() => ({ final_zim_path: file })));
  }, 60_000);

  it("names a job's ZIM after the job it holds, in the folder --out-dir gives", async () => {
    const jobId = edition.jobIds[0];
    const { name } = store.get<{ name: string }>("SELECT name FROM archive_jobs WHERE id = ?", [jobId])!;
    expect(name).toMatch(/^demo-shard-/);
    const folder = scratchDir("chc-zim-out-");
    const { stdout } = await cli(["export-zim", "--job", String(jobId), "--out-dir", folder]);
    const file = path.join(folder, `chc-archive-demo-job-${jobId}-${name}.zim`);
    expect(stdout).toMatch(new RegExp(`^wrote ${file}: \\d+ page\\(s\\)`));
    expect(existsSync(file)).toBe(true);
    const row = store.get<{ final_zim_path: string }>(
      "SELECT final_zim_path FROM archive_jobs WHERE id = ?",
      [jobId],
    );
    expect(row?.final_zim_path).toBe(file);
  }, 60_000);

  it("without zim-tools says in one line how to install them and exits non-zero", async () => {
    const emptyPath = scratchDir("chc-no-tools-");
    const failed = await cli(["export-zim", "--edition", String(edition.editionId)], {
      PATH: emptyPath,
    }).then(
      () => null,
      (err: { code: number; stderr: string; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toBe("");
    expect(failed?.stderr).toBe(
      "zimwriterfs (part of zim-tools) is not installed; install it with: apt-get install zim-tools\n",
    );
  }, 30_000);
});
