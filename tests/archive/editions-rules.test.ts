/** The pure rules of annual editions: shard keys, sitemap reading, ledger merging, shard acceptance. */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { editionVerdict, judgeShard } from "../../server/archive/editions/acceptance.js";
import type { DecisionRow } from "../../server/archive/editions/decisions-store.js";
import { buildLedger } from "../../server/archive/editions/ledger.js";
import type { ManifestLine } from "../../server/archive/editions/manifest.js";
import { planShards } from "../../server/archive/editions/shards.js";
import { parseSitemap, readSitemaps } from "../../server/archive/editions/sitemaps.js";
import type { JobRow } from "../../server/archive/jobs-store.js";
import { parseRobots } from "../../server/archive/robots.js";

const O = "https://health.example.ca";

describe("shard keys", () => {
  const urls = [
    ...Array.from({ length: 30 }, (_, i) => `${O}/en/topics/t${String(i).padStart(2, "0")}/`),
    ...Array.from({ length: 12 }, (_, i) => `${O}/en/topics/big/p${i}.html`),
    `${O}/en/`,
    `${O}/en/news/`,
    ...Array.from({ length: 25 }, (_, i) => `${O}/en/files/f${String(i).padStart(2, "0")}.pdf`),
  ];
  const entries = [...urls.map((url) => ({ url, language: "en" })), { url: `${O}/fr/`, language: "fr" }];

  it("keeps every shard under the limit, under its prefix, and gives the same keys for the same ledger", () => {
    const shards = planShards(entries, 10);
    const all = [...shards.values()].flat();
    expect(all.sort()).toEqual(entries.map((e) => e.url).sort());
    for (const [key, list] of shards) {
      expect(list.length).toBeLessThanOrEqual(10);
      const [prefix, language] = key.split("|");
      for (const u of list) expect(new URL(u).pathname.startsWith(prefix)).toBe(true);
      expect(["en", "fr"]).toContain(language);
    }
    expect([...planShards([...entries].reverse(), 10).keys()].sort()).toEqual([...shards.keys()].sort());
    // Directories too big are split by sub-directory, the small ones packed in path order and
    // numbered; files directly in one directory are cut in path order.
    expect(new Map([...shards].map(([k, v]) => [k, v.length]))).toEqual(
      new Map([
        ["/en/files/|en|1", 10],
        ["/en/files/|en|2", 10],
        ["/en/files/|en|3", 5],
        ["/en/topics/big/|en|1", 10],
        ["/en/topics/big/|en|2", 2],
        ["/en/topics/|en|1", 10],
        ["/en/topics/|en|2", 10],
        ["/en/topics/|en|3", 10],
        ["/en/|en", 2],
        ["/|fr", 1],
      ]),
    );
    expect(shards.get("/en/|en")).toEqual([`${O}/en/`, `${O}/en/news/`]);
    expect(planShards(entries, 1000)).toEqual(
      new Map([
        ["/|en", urls.sort()],
        ["/|fr", [`${O}/fr/`]],
      ]),
    );
  });
});

describe("sitemaps", () => {
  const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
    <url><loc>${O}/en/a.html</loc><xhtml:link rel="alternate" hreflang="en-CA" href="${O}/en/a.html"/><xhtml:link rel="alternate" hreflang="fr-CA" href="${O}/fr/a.html"/></url>
    <url><loc>${O}/b?x=1&amp;y=2</loc></url></urlset>`;

  it("reads locations, languages from hreflang, and alternates", () => {
    expect(parseSitemap(urlset).entries).toEqual([
      { url: `${O}/en/a.html`, language: "en" },
      { url: `${O}/fr/a.html`, language: "fr" },
      { url: `${O}/b?x=1&y=2`, language: null },
    ]);
  });

  it("follows the robots.txt sitemap index into gzipped sitemaps and notes what failed", async () => {
    const served = new Map<string, Buffer>([
      [
        `${O}/index.xml`,
        Buffer.from(
          `<sitemapindex><sitemap><loc>${O}/s1.xml.gz</loc></sitemap><sitemap><loc>${O}/gone.xml</loc></sitemap></sitemapindex>`,
        ),
      ],
      [`${O}/s1.xml.gz`, gzipSync(urlset)],
    ]);
    const get = async (u: string) => ({
      status: served.has(u) ? 200 : 404,
      body: served.get(u) ?? Buffer.alloc(0),
    });
    const r = await readSitemaps(O, `User-agent: *\nSitemap: ${O}/index.xml\n`, get);
    expect(r.entries).toHaveLength(3);
    expect(r.sitemaps).toEqual([`${O}/index.xml`, `${O}/s1.xml.gz`]);
    expect(r.notes).toEqual([`${O}/gone.xml answered 404`]);
    // No Sitemap line: /sitemap.xml is tried, and its absence is no failure.
    expect(await readSitemaps(O, null, get)).toEqual({ entries: [], sitemaps: [], notes: [] });
  });
});

describe("target ledger", () => {
  it("merges the inputs once per page, infers languages, and states every rule that left a URL out", () => {
    const lines = buildLedger(
      [
        { url: `${O}/en/a.html#top`, from: "seed" },
        { url: `${O}/en/a.html?utm_source=x`, from: "sitemap", language: null },
        { url: `${O}/fr/a.html`, from: "previous_edition", language: "fr" },
        { url: `${O}/e/193.html`, from: "sitemap", language: null },
        { url: `${O}/page-fra.html`, from: "sitemap", language: null },
        { url: `${O}/x.html`, from: "sitemap", language: "fr" },
        { url: `${O}/private/p.html`, from: "sitemap", language: "en" },
        { url: "https://elsewhere.example.org/", from: "sitemap", language: "en" },
        { url: "mailto:someone@example.org", from: "sitemap" },
      ],
      {
        hosts: new Set(["health.example.ca"]),
        robots: parseRobots("User-agent: *\nDisallow: /private/", "bot"),
        maxShardUrls: 500,
      },
    );
    const by = new Map(lines.map((l) => [l.url, l]));
    expect(by.get(`${O}/en/a.html`)).toMatchObject({
      included: true,
      language: "en",
      from: ["seed", "sitemap"],
    });
    expect(by.get(`${O}/fr/a.html`)).toMatchObject({ language: "fr", shard_key: "/|fr" });
    expect(by.get(`${O}/e/193.html`)!.language).toBe("en");
    expect(by.get(`${O}/page-fra.html`)!.language).toBe("fr");
    expect(by.get(`${O}/x.html`)!.language).toBe("fr");
    expect(Object.fromEntries(lines.filter((l) => !l.included).map((l) => [l.url, l.rule]))).toEqual({
      "mailto:someone@example.org": "invalid-url",
      "https://elsewhere.example.org/": "off-site",
      [`${O}/private/p.html`]: "robots.txt",
    });
    for (const l of lines.filter((x) => !x.included)) expect(l.reason).toBeTruthy();
    expect(lines.filter((l) => l.included)).toHaveLength(5);
  });
});

describe("shard acceptance", () => {
  const job = (status: string, extra: Partial<JobRow> = {}) =>
    ({ id: 7, status, last_stats_json: null, ...extra }) as JobRow;
  const line = (outcome: ManifestLine["outcome"], extra: Partial<ManifestLine> = {}): ManifestLine => ({
    url: `${O}/${Math.random()}`,
    shard_key: "/|en",
    outcome,
    ...extra,
  });
  const captured = (n: number) => Array.from({ length: n }, () => line("captured"));
  const gone = line("failed", { status: 404, permanent: true });
  const down = line("failed", { status: 503, permanent: false });

  it("follows the README's rules", () => {
    expect(judgeShard(job("running"), captured(3)).state).toBe("pending");
    expect(judgeShard(job("indexed"), [...captured(19), down])).toMatchObject({
      state: "accepted",
      reason: "19 of 20 URLs captured (95%)",
    });
    expect(
      judgeShard(job("indexed"), [...captured(8), gone, line("out_of_scope", { rule: "robots.txt" })]),
    ).toMatchObject({
      state: "accepted_gap",
      reason:
        "8 of 10 URLs captured (80%); every missing URL is explained: 1 answered HTTP 404, 1 excluded by robots.txt",
    });
    expect(judgeShard(job("indexed"), [...captured(8), gone, down])).toMatchObject({
      state: "needs_review",
      reason: "8 of 10 URLs captured (80%); 1 URL missing without explanation: 1 answered HTTP 503",
    });
    expect(judgeShard(job("indexed"), [gone, line("failed", { status: 410, permanent: true })]).state).toBe(
      "excluded",
    );
    expect(judgeShard(job("index_failed"), captured(2)).state).toBe("needs_review");
    const decision = {
      action: "accept",
      to_state: "accepted",
      reason: "known outage",
      decided_by: "ops",
      decided_at: "2026-01-09T00:00:00Z",
    } as DecisionRow;
    expect(judgeShard(job("indexed"), [down], decision)).toEqual({
      state: "accepted",
      reason: "accepted by an operator on 2026-01-09: known outage",
    });
  });

  it("derives the edition's status from its shards", () => {
    const s = (status: string, state: string) => ({
      job: job(status),
      judgement: { state, reason: null } as never,
    });
    expect(editionVerdict(true, [s("queued", "pending")]).status).toBe("planned");
    expect(editionVerdict(true, [s("indexed", "accepted"), s("running", "pending")]).status).toBe(
      "in_progress",
    );
    expect(editionVerdict(true, [s("indexed", "accepted"), s("indexed", "needs_review")])).toEqual({
      status: "needs_review",
      searchReady: true,
      researchReady: false,
    });
    expect(editionVerdict(true, [s("indexed", "accepted_gap"), s("queued", "excluded")])).toEqual({
      status: "research_ready",
      searchReady: true,
      researchReady: true,
    });
  });
});
