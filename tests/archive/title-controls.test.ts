/**
 * Control characters in a page's title or text (a NUL, a bell) are dropped when the page is
 * indexed, tab and line breaks read as spaces: the search API and the CSV export give the title
 * clean, and a ZIM's welcome page never holds a NUL (a ZIM reader's page ends there, and every
 * page listed after it was lost). A real crawl of a local site, the real indexer and server.
 */
import { describe, expect, it } from "vitest";
import { welcomePage } from "../../server/archive/offline/zim.js";
import { serveCapturedPages } from "../helpers/archive/captured-site.js";

const PAGES = {
  "/site/": {
    type: "text/html; charset=utf-8",
    body: '<!doctype html><html lang="fr"><head><title>Dépistage \u0000précoce\u0007\tdu cancer</title></head><body><main><p>Le dépistage\u0000 régulier\u000b sauve des vies.</p><a href="/site/b.html">Zona</a></main></body></html>',
  },
  "/site/b.html": {
    type: "text/html; charset=utf-8",
    body: '<!doctype html><html lang="fr"><head><title>Zona</title></head><body><main><p>Le vaccin contre le zona.</p></main></body></html>',
  },
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const site = serveCapturedPages("chc-title-controls-", PAGES);

describe("control characters in captured pages", () => {
  it("are gone from the titles and snippets the search API returns", async () => {
    const res = (await (
      await fetch(`${site.baseUrl}/api/search?q=${encodeURIComponent("dépistage")}`)
    ).json()) as { results: { title: string; snippet: string }[] };
    expect(res.results.map((r) => r.title)).toEqual(["Dépistage précoce du cancer"]);
    expect(res.results[0].snippet).toContain("</mark> régulier sauve des vies.");
    expect(res.results[0].snippet).not.toMatch(CONTROL);
  });

  it("are gone from the CSV export", async () => {
    const csv = await (await fetch(`${site.baseUrl}/api/exports/snapshots?format=csv`)).text();
    expect(csv).not.toMatch(CONTROL);
    expect(csv).toContain("Dépistage précoce du cancer");
  });

  it("are never written into a ZIM's welcome page, even from a title stored with them", () => {
    const html = welcomePage(
      {
        kind: "job",
        id: 1,
        sourceCode: "phac",
        sourceName: "ASPC",
        year: 2026,
        slug: "job-1",
        title: "Archive\u0000 ASPC",
        description: "",
        baseUrl: null,
        jobs: [],
      },
      [
        { title: "Dépistage \u0000précoce", lang: "fr", href: "a.html" },
        { title: "Zona", lang: "fr", href: "b.html" },
      ],
    );
    expect(html).not.toMatch(CONTROL);
    expect(html).toContain('<a href="a.html">Dépistage précoce</a>');
    expect(html).toContain('<a href="b.html">Zona</a>');
  });
});
