/**
 * The archive module on PostgreSQL (DATABASE_URL): the first start migrates the `archive` schema,
 * the demo crawl writes both versions of the bundled site through the PostgreSQL repository, and
 * the public API answers from it: health with job counts, sources, snapshots with their
 * neighbours, the change feed, and every search mode answered by PostgreSQL's full-text search.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDemoSite } from "../../server/archive/crawl/demo-site/render.js";
import { createArchiveModule } from "../../server/archive/index.js";
import { ADMIN_HEADERS, fetchHealthDetails } from "../helpers/admin-token.js";
import { tmpDir } from "../helpers/archive/store-and-site.js";
import { pgBackend } from "../helpers/pg-backend.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const archive = createArchiveModule();
// A second process on the same database and WARC folder, started at the same moment.
const other = createArchiveModule();
const backend = pgBackend();
const dataDir = tmpDir("chc-archive-pg-");
let server: TestServer;
let otherServer: TestServer;

beforeAll(async () => {
  const databaseUrl = await backend.databaseUrl("pg");
  const start = (module: typeof archive) =>
    startTestServer({ modules: [module], demo: true, archiveDemo: true, dataDir, databaseUrl });
  [server, otherServer] = await Promise.all([start(archive), start(other)]);
  await Promise.all([archive.demoReady(), other.demoReady()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), otherServer?.close()]);
  await backend.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: ADMIN_HEADERS });
  expect(res.status, path).toBe(200);
  return res.json();
};

describe("the archive on PostgreSQL", () => {
  it("crawls and indexes the demo site into the database, as on sql.js", async () => {
    const health = await get("/api/health?details=1");
    expect(health.details.stores.archive.backend).toBe("postgresql");
    // Two processes started on one database, and the demo was crawled once.
    expect(health.jobs).toMatchObject({ queued: 0, running: 0, indexed: 2, failed: 0 });
    const otherHealth = await (await fetchHealthDetails(otherServer.baseUrl)).json();
    expect(otherHealth.jobs).toEqual(health.jobs);
    const pages = [...renderDemoSite(1).values()].filter((f) => f.type.startsWith("text/html")).length;
    expect(health.snapshots.total).toBe(2 * (pages - 2));
    // Nothing of the archive went to a sql.js file.
    expect(existsSync(path.join(dataDir, "archive.sqlite"))).toBe(false);
    const demo = (await get("/api/sources")).sources.find((s: { code: string }) => s.code === "demo");
    expect(demo.snapshotCount).toBe(health.snapshots.total);
  });

  it("answers each search mode from PostgreSQL, in the API's shape", async () => {
    const search = (q: string, extra = "") => get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
    const relevance = await search("influenza");
    expect(relevance.mode).toBe("relevance_fts");
    expect(relevance.results[0].title).toMatch(/^Seasonal influenza/);
    expect(relevance.results[0].snippet).toContain("<mark>");
    expect(relevance.results[0].pageSnapshotsCount).toBe(2);
    const french = await search("grippe saisonniere", "&language=fr&view=snapshots");
    expect(french.mode).toBe("relevance_fts");
    expect(french.results[0].title).toMatch(/^Grippe saisonnière/);
    expect(french.results.every((r: { language: string }) => r.language === "fr")).toBe(true);
    expect((await search("influ")).mode).toBe("relevance_fallback");
    const fuzzy = await search("influenzza");
    expect(fuzzy.mode).toBe("relevance_fuzzy");
    expect(fuzzy.results[0].title).toMatch(/^Seasonal influenza/);
    const phrase = await search('"seasonal influenza" NOT title:prevention');
    expect(phrase.mode).toBe("boolean");
    expect(phrase.total).toBeGreaterThan(0);
    expect(phrase.results.every((r: { title: string }) => !/prevention/i.test(r.title))).toBe(true);
    const page = relevance.results[0].originalUrl as string;
    const url = await search(page);
    expect(url.mode).toBe("url");
    expect(url.results.map((r: { originalUrl: string }) => r.originalUrl)).toEqual([page]);
    const newest = await search("", "&pageSize=5");
    expect(newest.mode).toBe("newest");
    expect(newest.total).toBeGreaterThan(relevance.total);
    expect(newest.results).toHaveLength(5);
  });

  it("links a page's two captures and lists the changes between the crawls", async () => {
    const hit = (await get("/api/search?q=influenza&view=snapshots&sort=newest")).results.find(
      (r: { originalUrl: string }) => r.originalUrl.endsWith("/en/topics/influenza/"),
    );
    const newer = await get(`/api/snapshot/${hit.id}`);
    const older = await get(`/api/snapshot/${newer.previousSnapshotId}`);
    expect(older.url).toBe(newer.url);
    expect(older.nextSnapshotId).toBe(newer.id);
    expect(older.contentHash).not.toBe(newer.contentHash);
    const changes = await get("/api/changes?pageSize=100");
    expect(changes.changes.some((c: { type: string }) => c.type === "updated")).toBe(true);
  });

  it("stores each change's significance (migration 15) and filters on it, in the API and the Atom feed", async () => {
    const all = await get("/api/changes?pageSize=100&significance=noise");
    const levels = new Set(all.changes.map((c: { significance: string }) => c.significance));
    expect(levels.has("noise")).toBe(true);
    expect(levels.size).toBeGreaterThan(1);
    const flu = all.changes.find((c: { url: string }) => c.url.endsWith("/en/topics/influenza/"));
    expect(flu.significanceFacts.headingsTouched).toContain("What to do");
    const page = await get(`/api/changes?significance=noise&url=${encodeURIComponent(flu.url)}`);
    expect(page.changes.map((c: { id: number }) => c.id)).toEqual([flu.id]);
    const major = await get("/api/changes?pageSize=100&significance=major");
    expect(major.changes.every((c: { significance: string }) => c.significance === "major")).toBe(true);
    const feed = parseFeed(await (await fetch(`${server.baseUrl}/api/changes.atom?pageSize=100`)).text());
    const kept = all.changes.filter((c: { significance: string }) =>
      ["moderate", "major"].includes(c.significance),
    );
    expect(feed.items).toHaveLength(kept.length);
  });
});
