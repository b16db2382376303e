import { readdirSync, renameSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeChanges } from "../../server/archive/changes/compute-changes.js";
import { diffPages } from "../../server/archive/changes/page-diff.js";
import { serveSite } from "../../server/archive/crawl/demo-site/server.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { crawlJob, indexJobById } from "../../server/archive/jobs/job-runner.js";
import { createJob } from "../../server/archive/jobs/jobs-store.js";
import { openArchiveStore, smallSite } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe("page diff", () => {
  const page = (text: string, headings: string[] = []) => ({ title: "T", lang: "en", text, headings });
  it("counts lines per section and flags date-only edits as noise", () => {
    const d = diffPages(
      page("Intro\nA\nB\nAdvice\nOld advice", ["Intro", "Advice"]),
      page("Intro\nA\nB\nAdvice\nNew advice\nMore", ["Intro", "Advice"]),
    );
    expect(d).toMatchObject({
      addedLines: 2,
      removedLines: 1,
      highNoise: false,
      changedSections: [{ section: "Advice", added: 2, removed: 1 }],
    });
    expect(d.summary).toBe("2 lines added, 1 removed in “Advice”");
    const noise = diffPages(page("Updated 2025-01-20\nText"), page("Updated 2026-01-19\nText"));
    expect(noise.highNoise).toBe(true);
    expect(diffPages(page("Same"), page("Same")).highNoise).toBe(true);
  });
});

describe("compute-changes", () => {
  it("reports no page as removed after a crawl that did not cover the whole of the same ground", async () => {
    const env = await openArchiveStore();
    const site = await serveSite(smallSite("http://127.0.0.1:9", 4));
    try {
      const base = {
        seeds: [`${site.url}/site/`],
        zimit_passthrough_args: [],
        tool_options: { initial_workers: 2 },
        scope: { allow_private: true, delay_ms: 0 },
      };
      const run = async (name: string, config: typeof base & { scope: Record<string, unknown> }) => {
        const job = await createJob(
          env.store,
          env.dataDir,
          { sourceCode: "demo", name, config },
          new Date().toISOString(),
        );
        await crawlJob({ store: env.store, maxRetries: 3 }, job.id);
        await indexJobById({ store: env.store, maxRetries: 3 }, job.id);
        return computeChanges(env.store, () => new Date().toISOString());
      };
      const removed = () =>
        env.store.all<{ url: string }>("SELECT url FROM snapshot_changes WHERE change_type = 'removed'");
      await run("whole site", base);
      // Stopped at two pages (capped), as an edition's shard fetches its slice, a narrower scope.
      await run("capped", { ...base, scope: { ...base.scope, max_pages: 2 } });
      await run("home only", { ...base, scope: { ...base.scope, follow_links: false } });
      await run("narrower", { ...base, scope: { ...base.scope, exclude: ["p2"] } });
      expect(removed()).toEqual([]);
    } finally {
      await site.close();
      await env.cleanup();
    }
  });

  it("records new, updated and removed pages once (incremental and idempotent)", async () => {
    const env = await openArchiveStore();
    const files = smallSite("http://127.0.0.1:9", 4);
    const site = await serveSite(files);
    try {
      const cfg = {
        seeds: [`${site.url}/site/`],
        zimit_passthrough_args: [],
        tool_options: { initial_workers: 2 },
        scope: { allow_private: true, delay_ms: 0 },
      };
      const run = async (name: string) => {
        const job = await createJob(
          env.store,
          env.dataDir,
          { sourceCode: "demo", name, config: cfg },
          new Date().toISOString(),
        );
        await crawlJob({ store: env.store, maxRetries: 3 }, job.id);
        return indexJobById({ store: env.store, maxRetries: 3 }, job.id);
      };
      await run("v1");
      expect(await computeChanges(env.store, () => new Date().toISOString())).toEqual({
        jobs: 1,
        changes: 0,
      });
      // Second version: p1 rewritten, p3 gone, p9 new (linked from home).
      const v2 = new Map(files);
      v2.set("/site/p1.html", {
        type: "text/html",
        body: '<html lang="en"><title>Page 1</title><main><p>Topic 1: new measles guidance.</p><a href="/site/">home</a></main></html>',
      });
      v2.delete("/site/p3.html");
      const home = v2.get("/site/")!;
      v2.set("/site/", {
        ...home,
        body: home.body.replace(
          '<a href="/site/p3.html#section">Page 3</a>',
          '<a href="/site/p9.html">Page 9</a>',
        ),
      });
      v2.set("/site/p9.html", {
        type: "text/html",
        body: "<html><title>Nine</title><main><p>Brand new page</p></main></html>",
      });
      site.setFiles(v2);
      await run("v2");
      const first = await computeChanges(env.store, () => new Date().toISOString());
      expect(first.jobs).toBe(1);
      const rows = env.store.all<{ change_type: string; url: string; added_lines: number }>(
        "SELECT change_type, url, added_lines FROM snapshot_changes ORDER BY change_type, url",
      );
      const byType = (t: string) =>
        rows.filter((r) => r.change_type === t).map((r) => new URL(r.url).pathname);
      expect(byType("new_page")).toEqual(["/site/p9.html"]);
      expect(byType("removed")).toEqual(["/site/p3.html"]);
      expect(byType("updated")).toEqual(expect.arrayContaining(["/site/", "/site/p1.html"]));
      expect(await computeChanges(env.store, () => new Date().toISOString())).toEqual({
        jobs: 0,
        changes: 0,
      });
      expect(env.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM snapshot_changes")!.n).toBe(rows.length);
    } finally {
      await site.close();
      await env.cleanup();
    }
  });
});

describe("GET /api/changes on the demo versions", () => {
  const archive = createArchiveModule();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [archive], demo: true, archiveDemo: true });
    await archive.demoReady();
  }, 120_000);
  afterAll(() => server?.close());
  const get = async (qs: string) => (await fetch(`${server.baseUrl}/api/changes?${qs}`)).json();

  it("lists the real differences between the two demo versions, noise hidden by default", async () => {
    const feed = await get("pageSize=100");
    const of = (type: string) =>
      feed.changes
        .filter((c: { type: string }) => c.type === type)
        .map((c: { url: string }) => new URL(c.url).pathname);
    expect(of("new_page")).toEqual(
      expect.arrayContaining(["/en/topics/extreme-heat/", "/fr/topics/extreme-heat/prevention.html"]),
    );
    expect(of("removed")).toEqual(expect.arrayContaining(["/en/topics/h1n1-2009/", "/fr/topics/h1n1-2009/"]));
    expect(of("updated")).toEqual(
      expect.arrayContaining([
        "/en/topics/influenza/",
        "/fr/topics/measles/",
        "/en/topics/food-safety/prevention.html",
      ]),
    );
    expect(feed.changes.every((c: { highNoise: boolean }) => !c.highNoise)).toBe(true);
    const flu = feed.changes.find((c: { url: string }) => c.url.endsWith("/en/topics/influenza/"));
    expect(flu.summary).toMatch(/1 line added, 1 removed in “What to do”/);
    const noisy = await get("pageSize=100&includeNoise=true");
    expect(noisy.total).toBeGreaterThan(feed.total);
    expect((await get("source=hc")).total).toBe(0);
    expect((await fetch(`${server.baseUrl}/api/changes?pageSize=0`)).status).toBe(400);

    const cmp = await (await fetch(`${server.baseUrl}${flu.compareUrl}`)).json();
    expect(cmp.html).toContain("<ins>");
    expect(cmp.html).toContain("48 hours");
    expect(cmp.html).not.toMatch(/<script/i);
    const bad = await fetch(`${server.baseUrl}/api/changes/compare?from=1&to=2`);
    expect(bad.status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/changes/compare?from=1&to=99999`)).status).toBe(404);
  });

  it("answers a comparison whose WARC file went missing with 409 naming the file, not 500", async () => {
    const feed = await get("pageSize=100&type=updated");
    const change = feed.changes[0];
    const warcs = readdirSync(server.dataDir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".warc.gz"))
      .map((f) => path.join(server.dataDir, f));
    for (const f of warcs) renameSync(f, `${f}.away`);
    try {
      const res = await fetch(`${server.baseUrl}${change.compareUrl}`);
      expect(res.status).toBe(409);
      const { error, message } = await res.json();
      expect(error).toBe("Conflict");
      expect(message).toMatch(/WARC file .*\.warc\.gz.* is missing/);
      expect(message).not.toContain(server.dataDir);
    } finally {
      for (const f of warcs) renameSync(`${f}.away`, f);
    }
    expect((await fetch(`${server.baseUrl}${change.compareUrl}`)).status).toBe(200);
  });
});
