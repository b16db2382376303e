/**
 * First start with demo data: the bundled site is served on loopback, both dated versions are
 * crawled by the real crawler into WARCs and indexed, in the background after listen.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDemoSite, topicsIn } from "../../server/archive/crawl/demo-site/render.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { fetchHealthDetails } from "../helpers/admin-token.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const archive = createArchiveModule();
let server: TestServer;
const dataDir = tmpDir("chc-archive-demo-");

beforeAll(async () => {
  server = await startTestServer({ modules: [archive], demo: true, archiveDemo: true, dataDir });
  // The app answers while the demo crawl runs.
  const early = await fetch(`${server.baseUrl}/api/health`);
  expect(early.status).toBe(200);
  await archive.demoReady();
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const health = async () => (await fetchHealthDetails(server.baseUrl)).json();

describe("bundled demo site", () => {
  it("has at least 60 pages per version in English and French, with images and a stylesheet, and real differences", () => {
    for (const v of [1, 2] as const) {
      const files = renderDemoSite(v);
      const pages = [...files.entries()].filter(([, f]) => f.type.startsWith("text/html"));
      expect(pages.length).toBeGreaterThanOrEqual(60);
      expect(pages.filter(([p]) => p.startsWith("/fr/")).length).toBeGreaterThanOrEqual(30);
      expect(files.get("/css/site.css")!.body).toContain("url(/images/bg.svg)");
      expect([...files.keys()].filter((p) => p.endsWith(".svg")).length).toBeGreaterThan(10);
    }
    const v1 = renderDemoSite(1);
    const v2 = renderDemoSite(2);
    expect(v1.has("/en/topics/h1n1-2009/")).toBe(true);
    expect(v2.has("/en/topics/h1n1-2009/")).toBe(false);
    expect(v2.has("/fr/topics/extreme-heat/")).toBe(true);
    expect(v2.get("/en/topics/influenza/")!.body).toContain("48 hours");
    expect(v1.get("/en/topics/influenza/")!.body).not.toContain("48 hours");
    expect(topicsIn(1).length).toBe(topicsIn(2).length);
  });

  it("crawls and indexes both versions on first start", async () => {
    const body = await health();
    expect(body.archive.demo).toEqual({ state: "ready" });
    expect(body.jobs).toEqual({
      queued: 0,
      running: 0,
      completed: 0,
      failed: 0,
      retryable: 0,
      indexing: 0,
      indexed: 2,
      index_failed: 0,
    });
    const pagesPerVersion = [...renderDemoSite(1).values()].filter((f) =>
      f.type.startsWith("text/html"),
    ).length;
    // Seeds are /en/ and /fr/: every page but the root chooser and the robots-excluded /private/.
    expect(body.snapshots.total).toBe(2 * (pagesPerVersion - 2));
  });

  it("captures the same URLs in both versions, with changed bodies where the site changed", async () => {
    const sources = (await (await fetch(`${server.baseUrl}/api/sources`)).json()).sources;
    const demo = sources.find((s: { code: string }) => s.code === "demo");
    expect(demo.snapshotCount).toBeGreaterThanOrEqual(120);
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    // The influenza page: two captures, different content, linked as previous/next.
    let found: { id: number; nextSnapshotId: number | null; contentHash: string; url: string } | null = null;
    for (let id = 1; id <= demo.snapshotCount && !found; id++) {
      const s = await (await fetch(`${server.baseUrl}/api/snapshot/${id}`)).json();
      if (s.url.endsWith("/en/topics/influenza/")) found = s;
    }
    expect(found).not.toBeNull();
    const next = await (await fetch(`${server.baseUrl}/api/snapshot/${found!.nextSnapshotId}`)).json();
    expect(next.url).toBe(found!.url);
    expect(next.contentHash).not.toBe(found!.contentHash);
    expect(next.previousSnapshotId).toBe(found!.id);
    const replay = await fetch(next.replayUrl);
    expect(await replay.text()).toContain("48 hours");
    const older = await fetch(`${archive.replayUrl()}/job-1/${found!.url}`);
    expect(await older.text()).not.toContain("48 hours");
  });

  it("does not crawl again on the next start", async () => {
    const before = await health();
    const first = await (await fetch(`${server.baseUrl}/api/snapshot/1`)).json();
    await server.close();
    const again = createArchiveModule();
    server = await startTestServer({ modules: [again], demo: true, archiveDemo: true, dataDir });
    await again.demoReady();
    const after = await health();
    expect(after.jobs).toEqual(before.jobs);
    expect(after.snapshots.total).toBe(before.snapshots.total);
    const same = await (await fetch(`${server.baseUrl}/api/snapshot/1`)).json();
    expect(same.captureTimestamp).toBe(first.captureTimestamp);
    expect(same.contentHash).toBe(first.contentHash);
  });
});
