/** The scheduled tasks: real runs over a real store and crawl, idempotence, and pings that fail. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDemoSite } from "../../server/archive/crawl/demo-site/server.js";
import { setSourceBaseUrl } from "../../server/archive/crawl/sources-store.js";
import { getJob } from "../../server/archive/jobs/jobs-store.js";
import { drainJobs } from "../../server/archive/jobs/worker-loop.js";
import { annualDir } from "../../server/archive/tasks/annual-search-verify.js";
import { archiveTasks, runTask } from "../../server/archive/tasks/registry.js";
import type { TaskContext } from "../../server/archive/tasks/task-context.js";
import { openArchiveStore } from "../helpers/archive/store-and-site.js";

let env: Awaited<ReturnType<typeof openArchiveStore>>;
let ctx: TaskContext;
let site: Awaited<ReturnType<typeof serveDemoSite>>;
const YEAR = new Date().getUTCFullYear();
const task = (name: string) => archiveTasks().find((t) => t.name === name)!;
const run = (name: string, e: NodeJS.ProcessEnv = {}) => runTask(task(name), ctx, e);
/** What the app answers for its front pages: index.html with the element the app mounts in. */
const APP_PAGE = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>';
const frontPage = (p: string) =>
  p === "/" || p === "/archive"
    ? new Response(APP_PAGE, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } })
    : null;

beforeAll(async () => {
  env = await openArchiveStore();
  site = await serveDemoSite(1);
  // Only the demo source takes part: the agencies' real sites are never contacted from tests.
  await env.store.write((tx) => tx.run("UPDATE sources SET enabled = 0 WHERE code != 'demo'"));
  await setSourceBaseUrl(env.store, "demo", `${site.url}/en/`, new Date().toISOString());
  ctx = {
    store: env.store,
    dataDir: env.dataDir,
    maxRetries: 3,
    request: async (p) =>
      frontPage(p) ??
      new Response(p.startsWith("/api/") ? "{}" : null, { status: p.startsWith("/api/") ? 200 : 404 }),
    replayUrl: () => null,
    now: () => new Date().toISOString(),
    editions: { shardMaxUrls: 500, campaignMonth: 1 },
  };
}, 60_000);
afterAll(async () => {
  await site?.close();
  await env?.cleanup();
});

describe("annual campaign", () => {
  it("schedule-annual plans the year's edition and its shard jobs once", async () => {
    const first = await run("schedule-annual");
    expect(first.ok).toBe(true);
    expect(first.summary).toMatch(
      new RegExp(
        `^${YEAR}: campaign run; 1 edition\\(s\\) planned \\(demo\\), [2-9] shard job\\(s\\) queued$`,
      ),
    );
    expect((await run("schedule-annual")).summary).toMatch(
      /campaign ran on .*; 0 edition\(s\) planned \(none\), 0 shard job\(s\) queued$/,
    );
    const jobs = env.store.all<{ shard_key: string; shard_kind: string; status: string }>(
      "SELECT * FROM archive_jobs",
    );
    for (const job of jobs) expect(job).toMatchObject({ shard_kind: "path-language", status: "queued" });
    // The sitemap lists the bilingual root page too (language undetermined).
    expect(jobs.map((j) => j.shard_key).sort()).toEqual(["/|en", "/|fr", "/|und"]);
  });

  it("annual-search-verify does nothing until the edition is search-ready", async () => {
    expect((await run("annual-search-verify")).summary).toMatch(/not search-ready; nothing to do/);
    expect(existsSync(annualDir(env.dataDir, YEAR))).toBe(false);
  });

  it("coverage-guardrails reports and flags the edition from its real crawl", async () => {
    await drainJobs(env.store, 3, undefined);
    const r = await run("coverage-guardrails");
    expect(r.ok).toBe(true);
    const e = env.store.get<Record<string, number | string>>("SELECT * FROM annual_editions")!;
    expect(e).toMatchObject({ search_ready: 1, status: "research_ready", research_ready: 1 });
    expect(Number(e.captured_url_count)).toBeGreaterThan(30);
    expect(readFileSync(String(e.coverage_report_md_path), "utf8")).toContain("| captured URLs |");
    expect(
      env.store.all<{ a: string }>("SELECT acceptance_state AS a FROM archive_jobs").map((j) => j.a),
    ).toEqual(["accepted", "accepted", "accepted"]);
  });

  it("annual-search-verify writes the year's artifacts once", async () => {
    const r = await run("annual-search-verify");
    expect(r.summary).toMatch(/wrote 48 golden query captures/);
    const dir = annualDir(env.dataDir, YEAR);
    const files = readdirSync(dir);
    expect(files).toEqual(
      expect.arrayContaining([
        "annual-status.json",
        "annual-status.txt",
        "meta.txt",
        "influenza.pages.json",
        "influenza.snapshots.json",
        "sante-mentale.pages.json",
      ]),
    );
    const flu = JSON.parse(readFileSync(path.join(dir, "influenza.pages.json"), "utf8"));
    expect(flu.total).toBeGreaterThan(0);
    const before = readFileSync(path.join(dir, "annual-status.json"), "utf8");
    expect((await run("annual-search-verify")).summary).toMatch(/already exist; nothing to do/);
    expect(readFileSync(path.join(dir, "annual-status.json"), "utf8")).toBe(before);
  });
});

describe("other tasks", () => {
  it("change-tracking, replay-reconcile, cleanup and drift are idempotent", async () => {
    expect((await run("change-tracking")).summary).toBe("0 job(s) compared, 0 change(s)");
    expect((await run("change-tracking")).summary).toBe("0 job(s) compared, 0 change(s)");
    // Rows hold the folder relative to the WARC root: the repository answers it absolute.
    const jobDir = getJob(env.store, 1)!.output_dir;
    const { rmSync } = await import("node:fs");
    rmSync(path.join(jobDir, "index.cdxj"));
    expect((await run("replay-reconcile")).summary).toBe("1 replay index(es) rebuilt");
    expect(existsSync(path.join(jobDir, "index.cdxj"))).toBe(true);
    expect((await run("replay-reconcile")).summary).toBe("0 replay index(es) rebuilt");
    expect(env.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshots")!.n).toBe(
      env.store.get<{ n: number }>("SELECT SUM(indexed_page_count) AS n FROM archive_jobs")!.n,
    );
    expect((await run("cleanup-automation")).summary).toBe("3 job(s) cleaned");
    expect((await run("cleanup-automation")).summary).toBe("0 job(s) cleaned");
    expect(existsSync(path.join(jobDir, "captures.jsonl"))).toBe(false);
    expect(await run("baseline-drift-check")).toMatchObject({ ok: true, summary: "no drift" });
  });

  it("public-surface-verify and replay-smoke report what failed", async () => {
    expect(await run("public-surface-verify")).toMatchObject({
      ok: true,
      summary: "the front pages and every public endpoint answered 200",
    });
    const failing = {
      ...ctx,
      request: async (p: string) =>
        frontPage(p) ?? new Response(null, { status: p === "/api/changes" ? 500 : 200 }),
    };
    const r = await runTask(task("public-surface-verify"), failing, {});
    expect(r).toMatchObject({ ok: false, summary: "/api/changes answered 500" });
    expect((await run("replay-smoke")).ok).toBe(false);
  });

  it("public-surface-verify fails when the front page is not the web app (the post-maintenance check)", async () => {
    const noApp = {
      ...ctx,
      // The API answers but / is an error page, and /archive a page that is not the app.
      request: async (p: string) =>
        p === "/"
          ? new Response("Bad gateway", { status: 502 })
          : p === "/archive"
            ? new Response("<html><body>It works!</body></html>", {
                headers: { "content-type": "text/html" },
              })
            : new Response("{}", { status: 200 }),
    };
    expect(await runTask(task("public-surface-verify"), noApp, {})).toMatchObject({
      ok: false,
      summary: "/ answered 502; /archive answered without the web app's page",
    });
  });
});

describe("pings", () => {
  it("pings the task's URL after a run; a refused or stalled ping never fails the task", async () => {
    const hits: string[] = [];
    const stalled: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url?.startsWith("/stall")) stalled.push(res);
      else res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const ok = await run("change-tracking", {
        ARCHIVE_HC_PING_CHANGE_TRACKING: `http://127.0.0.1:${port}/ping/abc`,
      });
      expect(ok).toMatchObject({ ok: true, ping: { sent: true } });
      expect(hits).toEqual(["/ping/abc"]);
      const failedTask = await runTask(
        task("public-surface-verify"),
        { ...ctx, request: async () => new Response(null, { status: 500 }) },
        { ARCHIVE_HC_PING_PUBLIC_VERIFY: `http://127.0.0.1:${port}/ping/def` },
      );
      expect(failedTask.ok).toBe(false);
      expect(hits).toContain("/ping/def/fail");
      const refused = await run("change-tracking", {
        ARCHIVE_HC_PING_CHANGE_TRACKING: "http://127.0.0.1:9/ping",
      });
      expect(refused).toMatchObject({ ok: true, ping: { sent: false, error: "ping failed" } });
      const stall = await run("change-tracking", {
        ARCHIVE_HC_PING_CHANGE_TRACKING: `http://127.0.0.1:${port}/stall`,
      });
      expect(stall).toMatchObject({ ok: true, ping: { sent: false, error: "ping timed out after 5000 ms" } });
      const silent = await run("crawl-auto-recovery", {
        ARCHIVE_HC_PING_CHANGE_TRACKING: `http://127.0.0.1:${port}/never`,
      });
      expect(silent.ping.sent).toBe(false);
      expect(hits).not.toContain("/never");
    } finally {
      for (const r of stalled) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 30_000);
});
