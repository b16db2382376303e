/** Reading sitemaps, from robots.txt through gzipped indexes. */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseSitemap, readSitemaps } from "./sitemaps.js";

const O = "https://health.example.ca";

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
