/**
 * GET /api/changes.atom against the real server after the demo crawl of two site versions: the
 * feed read by a feed parser from npm (@rowanmanning/feed-parser), the RFC 4287 rules checked on
 * the strict XML, its filters (source, page, search, significance), its language, and the
 * conditional GETs a feed reader polls with.
 */
import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

interface AtomLink {
  "@_rel"?: string;
  "@_href": string;
  "@_type"?: string;
}
type AtomEntry = Record<string, unknown> & { link: AtomLink[] };
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The RFC 4287 §4.1 rules a feed must keep, on the strictly parsed XML. */
function checkAtomRules(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "link" || n === "entry" }).parse(
    xml,
  );
  const feed = doc.feed;
  expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  for (const required of ["id", "title", "updated"]) expect(feed[required], required).toBeTruthy();
  expect(String(feed.id)).toMatch(/^(tag|urn):/);
  expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
  expect(feed.author?.name).toBeTruthy();
  expect((feed.link as AtomLink[]).some((l) => l["@_rel"] === "self")).toBe(true);
  const entries = asList(feed.entry as AtomEntry[]);
  const ids = new Set<string>();
  for (const e of entries) {
    for (const required of ["id", "title", "updated"]) expect(e[required], required).toBeTruthy();
    expect(String(e.id)).toMatch(/^tag:[^,]+,\d{4}:archive\/change\/\d+$/);
    ids.add(String(e.id));
    expect(Number.isNaN(Date.parse(String(e.updated)))).toBe(false);
    // At most one alternate link per type and language (§4.1.1), and one there must be (no content).
    expect(e.link.filter((l) => (l["@_rel"] ?? "alternate") === "alternate")).toHaveLength(1);
  }
  expect(ids.size).toBe(entries.length);
  return { feed, entries };
}

describe("GET /api/changes.atom on the demo versions", () => {
  const archive = createArchiveModule();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ modules: [archive], demo: true, archiveDemo: true });
    await archive.demoReady();
  }, 120_000);
  afterAll(() => server?.close());
  const atom = (qs = "", headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/changes.atom${qs ? `?${qs}` : ""}`, { headers });
  const json = async (qs: string) => (await fetch(`${server.baseUrl}/api/changes?${qs}`)).json();

  it("is an Atom feed a parser reads: each change once, linking the change view and both captures", async () => {
    const res = await atom("pageSize=100");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const xml = await res.text();
    const { entries } = checkAtomRules(xml);
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Changes to archived public-health pages");
    // The feed keeps moderate and major changes, the same as the API asked for them.
    const api = await json("pageSize=100&significance=moderate");
    expect(api.total).toBeGreaterThan(0);
    expect(feed.items.map((i) => i.id)).toEqual(
      api.changes.map((c: { id: number }) => `tag:127.0.0.1,2026:archive/change/${c.id}`),
    );
    expect(entries).toHaveLength(api.changes.length);
    const levels = new Set(feed.items.flatMap((i) => i.categories.map((c) => c.term)));
    expect([...levels].every((l) => l === "moderate" || l === "major")).toBe(true);
    const updated = feed.items.find((i) => i.url?.includes("/archive/compare?"));
    expect(updated, "an updated page links to its change view").toBeTruthy();
    const { from, to } = Object.fromEntries(new URL(updated!.url!).searchParams);
    const related = updated!.element
      .findElementsWithName("link")
      .filter((l) => l.getAttribute("rel") === "related")
      .map((l) => l.getAttribute("href"));
    expect(related).toEqual([
      `${server.baseUrl}/archive/snapshots/${from}`,
      `${server.baseUrl}/archive/snapshots/${to}`,
    ]);
    // The captures and the change view it links to really answer.
    const snap = await fetch(`${server.baseUrl}/api/snapshot/${to}`);
    expect(snap.status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/changes/compare?from=${from}&to=${to}`)).status).toBe(200);
  });

  it("filters like /api/changes: source, one page, a saved search and the significance levels", async () => {
    const all = parseFeed(await (await atom("pageSize=100&significance=noise")).text());
    const everything = await json("pageSize=100&significance=noise");
    expect(all.items).toHaveLength(everything.changes.length);
    expect(everything.changes.some((c: { significance: string }) => c.significance === "noise")).toBe(true);

    expect(parseFeed(await (await atom("source=hc")).text()).items).toHaveLength(0);

    const flu = everything.changes.find((c: { url: string }) => c.url.endsWith("/en/topics/influenza/"));
    const page = parseFeed(
      await (await atom(`significance=noise&url=${encodeURIComponent(flu.url)}`)).text(),
    );
    expect(page.items.map((i) => i.id)).toEqual([`tag:127.0.0.1,2026:archive/change/${flu.id}`]);
    expect(page.title).toContain(flu.url);

    const measles = await json("q=measles&significance=noise&pageSize=100");
    expect(measles.total).toBeGreaterThan(0);
    expect(measles.total).toBeLessThan(everything.total);
    const found = await (
      await fetch(`${server.baseUrl}/api/search?q=measles&view=pages&pageSize=100`)
    ).json();
    const foundUrls = new Set(found.results.map((r: { originalUrl: string }) => r.originalUrl));
    expect(measles.changes.every((c: { url: string }) => foundUrls.has(c.url))).toBe(true);
    const search = parseFeed(await (await atom("q=measles&significance=noise&pageSize=100")).text());
    expect(search.items).toHaveLength(measles.changes.length);

    const list = await json("significance=minor,major&pageSize=100");
    expect(
      list.changes.every(
        (c: { significance: string }) => c.significance === "minor" || c.significance === "major",
      ),
    ).toBe(true);
    for (const [qs, param] of [
      ["significance=big", "significance"],
      ["significance=minor,", "significance"],
      ["url=not-a-url", "url"],
      ["q=", "q"],
    ]) {
      for (const path of ["/api/changes.atom", "/api/changes"]) {
        const bad = await fetch(`${server.baseUrl}${path}?${qs}`);
        expect(bad.status, `${path}?${qs}`).toBe(400);
        const body = await bad.json();
        expect(body).toMatchObject({ success: false, error: "ValidationError" });
        expect(body.message).toContain(param);
      }
    }
  });

  it("speaks the reader's language, from lang or Accept-Language", async () => {
    const fr = await atom("", { "accept-language": "fr-CA,fr;q=0.9" });
    expect(fr.headers.get("content-language")).toBe("fr");
    const feed = parseFeed(await fr.text());
    expect(feed.language).toBe("fr");
    expect(feed.title).toBe("Changements des pages de santé publique archivées");
    expect(feed.items[0].url).toContain("lang=fr");
    expect(feed.items[0].description).toMatch(/Changement (modéré|majeur)/);
    const en = parseFeed(await (await atom("lang=en", { "accept-language": "fr" })).text());
    expect(en.language).toBe("en");
  });

  it("answers a feed reader's conditional GETs with 304", async () => {
    const first = await atom();
    const body = await first.text();
    const etag = first.headers.get("etag");
    const lastModified = first.headers.get("last-modified");
    expect(etag).toBeTruthy();
    expect(lastModified).toBeTruthy();
    expect(Date.parse(lastModified!)).toBeGreaterThan(0);
    expect(new Date(parseFeed(body).updated!).toUTCString()).toBe(lastModified);

    const byTag = await atom("", { "if-none-match": etag! });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe("");
    const byDate = await atom("", { "if-modified-since": lastModified! });
    expect(byDate.status).toBe(304);
    expect(byDate.headers.get("last-modified")).toBe(lastModified);

    const older = new Date(Date.parse(lastModified!) - 1000).toUTCString();
    expect((await atom("", { "if-modified-since": older })).status).toBe(200);
    expect((await atom("", { "if-none-match": '"other"' })).status).toBe(200);
    // Another filter is another document: its own tag.
    const other = await atom("significance=noise");
    expect(other.headers.get("etag")).not.toBe(etag);
  });
});
