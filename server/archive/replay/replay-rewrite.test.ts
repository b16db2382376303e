import { describe, expect, it } from "vitest";
import { mapHtmlUrls, rewriteHtml } from "./replay-rewrite.js";

describe("replay helpers", () => {
  it("rewrites links into the job collection and adds the banner", () => {
    const out = rewriteHtml(
      '<html><body><a href="/x.html">x</a><a href="mailto:a@b.c">m</a><img src=\'i.png\'><div style="background:url(bg.png)"></div></body></html>',
      "http://s.org/d/p.html",
      7,
      { captured: "2025-01-01T00:00:00Z", appUrl: "http://127.0.0.1:8080/" },
    );
    expect(out).toContain('href="/job-7/http://s.org/x.html"');
    expect(out).toContain('href="mailto:a@b.c"');
    expect(out).toContain('src="/job-7/http://s.org/d/i.png"');
    expect(out).toContain("url(/job-7/http://s.org/d/bg.png)");
    expect(out).toMatch(
      /<body><div id="chc-replay-banner"[^>]*>Archived capture of http:\/\/s.org\/d\/p.html taken <time datetime="2025-01-01T00:00:00.000Z">January 1, 2025 at 12:00 a.m. UTC<\/time>/,
    );
    expect(out).toContain(
      'prise le <time datetime="2025-01-01T00:00:00.000Z">1 janvier 2025 à 00 h 00 UTC</time>',
    );
  });

  it("resolves links against the page's <base href> and keeps a meta refresh inside the archive", () => {
    const page =
      '<html><head><base href="https://s.org/guides/" target="_top">' +
      '<meta http-equiv="refresh" content="5; url=\'next.html\'"></head>' +
      '<body><a href="flu.html">flu</a><img src="/logo.png"></body></html>';
    const out = rewriteHtml(page, "https://s.org/d/p.html", 7, {
      captured: "2025-01-01T00:00:00Z",
      appUrl: null,
    });
    expect(out).toContain('href="/job-7/https://s.org/guides/flu.html"');
    expect(out).toContain('src="/job-7/https://s.org/logo.png"');
    expect(out).toContain('content="5; url=/job-7/https://s.org/guides/next.html"');
    // The browser must not resolve the mapped links against the base a second time.
    expect(out).toContain('<base target="_top">');

    const away = '<meta http-equiv="Refresh" content="0;URL=https://elsewhere.example/new">';
    expect(mapHtmlUrls(away, "https://s.org/", (u) => `/job-1/${u}`)).toContain(
      'content="0; url=/job-1/https://elsewhere.example/new"',
    );
    // A refresh without a URL reloads the page itself: nothing to map.
    expect(mapHtmlUrls('<meta http-equiv="refresh" content="30">', "https://s.org/", () => "x")).toBe(
      '<meta http-equiv="refresh" content="30">',
    );
  });

  it("reads <base> and meta refresh as a browser does: first base with an href, none in comments, quotes undone", () => {
    const map = (u: string) => `/job-1/${u}`;
    const page = "https://s.org/d/p.html";
    // In a comment or a script it is not a tag.
    expect(
      mapHtmlUrls(
        '<!-- <base href="https://evil.example/"> --><script>"<base href=x>"</script><a href="a.html">',
        page,
        map,
      ),
    ).toContain('href="/job-1/https://s.org/d/a.html"');
    // The first <base> with an href counts; none stays in the page.
    const twoBases = mapHtmlUrls(
      '<base target="_blank"><base href="/x/"><base href="/y/"><a href="a">',
      page,
      map,
    );
    expect(twoBases).toContain('href="/job-1/https://s.org/x/a"');
    expect(twoBases).not.toMatch(/<base [^>]*href/);
    // A quote left open, and quotes written as character references.
    for (const content of ["0; url='next.html", "0; URL=&quot;next.html&quot;"])
      expect(mapHtmlUrls(`<meta http-equiv="refresh" content="${content}">`, page, map)).toContain(
        'content="0; url=/job-1/https://s.org/d/next.html"',
      );
  });
});
