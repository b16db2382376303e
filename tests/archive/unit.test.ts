import { describe, expect, it } from "vitest";
import { buildScope, inScope } from "../../server/archive/crawl-scope.js";
import { detectLanguage, extractLinks, extractText } from "../../server/archive/extract-page.js";
import { rewriteHtml } from "../../server/archive/replay-rewrite.js";
import { parseTs, pickCapture } from "../../server/archive/replay-server.js";
import { parseRobots, robotsAllows } from "../../server/archive/robots.js";
import { parseJobConfig } from "../../shared/archive/job-config.js";
import { normalizeUrlGroup } from "../../shared/archive/normalize-url.js";

describe("normalizeUrlGroup", () => {
  it("lower-cases the host, drops default port, fragment and tracking parameters, sorts the query", () => {
    expect(normalizeUrlGroup("HTTPS://WWW.Canada.CA:443/en/Health.html?utm_source=x&b=2&a=1#top")).toBe(
      "https://www.canada.ca/en/Health.html?a=1&b=2",
    );
    expect(normalizeUrlGroup("http://example.org:80/a/b/?gclid=1")).toBe("http://example.org/a/b");
    expect(normalizeUrlGroup("http://example.org:8080/")).toBe("http://example.org:8080/");
  });
  it("applies one trailing-slash rule and rejects non-http URLs", () => {
    expect(normalizeUrlGroup("http://e.org/a/b/")).toBe(normalizeUrlGroup("http://e.org/a/b"));
    expect(normalizeUrlGroup("http://e.org")).toBe("http://e.org/");
    expect(normalizeUrlGroup("mailto:x@y.z")).toBeNull();
    expect(normalizeUrlGroup("not a url")).toBeNull();
  });
});

describe("job config", () => {
  it("accepts the spec's shape with every tool option", () => {
    const r = parseJobConfig({
      seeds: ["https://www.canada.ca/en/public-health.html"],
      zimit_passthrough_args: ["--scopeType", "prefix"],
      tool_options: {
        cleanup: true,
        overwrite: false,
        skip_final_build: false,
        enable_monitoring: true,
        enable_adaptive_workers: true,
        enable_adaptive_restart: false,
        enable_vpn_rotation: false,
        relax_perms: false,
        initial_workers: 4,
        min_workers: 1,
        max_worker_reductions: 2,
        monitor_interval_seconds: 30,
        stall_timeout_minutes: 60,
        error_threshold_timeout: 10,
        error_threshold_http: 10,
        max_vpn_rotations: 0,
        vpn_rotation_frequency_minutes: 60,
        backoff_delay_minutes: 5,
        log_level: "info",
        docker_shm_size: "1g",
        vpn_connect_command: "",
      },
    });
    expect(r.ok).toBe(true);
  });
  it("names the bad key and what is allowed", () => {
    const bad = [
      [{ seeds: [] }, "seeds"],
      [{ seeds: ["ftp://x.org/"] }, "seeds.0"],
      [{ seeds: ["http://x.org/"], tool_options: { initial_workers: "4" } }, "tool_options.initial_workers"],
      [{ seeds: ["http://x.org/"], tool_options: { cleanup: "yes" } }, "tool_options.cleanup"],
      [{ seeds: ["http://x.org/"], tool_options: { workers: 2 } }, "tool_options"],
      [
        { seeds: ["http://x.org/"], tool_options: { initial_workers: 1, min_workers: 3 } },
        "tool_options.min_workers",
      ],
      [{ seeds: ["http://x.org/"], extra: 1 }, "config"],
    ] as const;
    for (const [input, where] of bad) {
      const r = parseJobConfig(input);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect(r.message).toContain(where);
    }
  });
});

describe("scope and robots", () => {
  const scope = buildScope(["http://127.0.0.1:9/site/"], [], ["\\.zip$"]);
  it("keeps the seed's origin and path prefix, http(s) only, minus excludes", () => {
    expect(inScope(scope, "/site/a.html#x", "http://127.0.0.1:9/site/")).toBe(
      "http://127.0.0.1:9/site/a.html",
    );
    expect(inScope(scope, "http://127.0.0.1:9/other/a.html")).toBeNull();
    expect(inScope(scope, "http://127.0.0.1:10/site/a.html")).toBeNull();
    expect(inScope(scope, "mailto:a@b.c")).toBeNull();
    expect(inScope(scope, "javascript:void(0)", "http://127.0.0.1:9/site/")).toBeNull();
    expect(inScope(scope, "http://127.0.0.1:9/site/data.zip")).toBeNull();
  });
  it("applies the longest matching robots rule, Allow winning ties, wildcards", () => {
    const rules = parseRobots(
      "User-agent: other\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/open\nDisallow: /*.pdf$\n",
      "chc-archive-bot/1.0",
    );
    const ok = (p: string) => robotsAllows(rules, new URL(`http://x${p}`));
    expect(ok("/public/a.html")).toBe(true);
    expect(ok("/private/a.html")).toBe(false);
    expect(ok("/private/open/a.html")).toBe(true);
    expect(ok("/docs/report.pdf")).toBe(false);
    expect(ok("/docs/report.pdf?x=1")).toBe(true);
  });
});

describe("page extraction", () => {
  it("finds links and resources, resolved against <base>", () => {
    const links = extractLinks(
      '<base href="http://h/dir/"><a href="a.html">a</a><img src="/i.png" srcset="/s1.png 1x, s2.png 2x"><link href="c.css" rel="stylesheet"><script src="j.js"></script>',
      "http://h/page",
    );
    expect(links).toEqual(
      expect.arrayContaining([
        "http://h/dir/a.html",
        "http://h/i.png",
        "http://h/s1.png",
        "http://h/dir/s2.png",
        "http://h/dir/c.css",
        "http://h/dir/j.js",
      ]),
    );
  });
  it("extracts title, lang and main text without navigation or scripts", () => {
    const p = extractText(
      '<html lang="fr-CA"><title> Santé </title><nav>Menu</nav><main><h1>Grippe</h1><p>Lavez-vous les mains.</p><script>x()</script></main><footer>Date</footer></html>',
    );
    expect(p).toEqual({
      title: "Santé",
      lang: "fr-CA",
      text: "Grippe\nLavez-vous les mains.",
      headings: ["Grippe"],
    });
  });
  it("detects en or fr when there is no lang attribute", () => {
    expect(
      detectLanguage(null, "La vaccination est offerte dans les cliniques pour les enfants et les adultes."),
    ).toBe("fr");
    expect(
      detectLanguage(null, "The vaccine is offered to children and adults in the clinics of your region."),
    ).toBe("en");
    expect(detectLanguage("EN-ca", "")).toBe("en");
  });
});

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
      /<body><div id="chc-replay-banner"[^>]*>Archived capture of http:\/\/s.org\/d\/p.html taken 2025-01-01T00:00:00Z/,
    );
  });
  it("picks the latest capture, or the nearest to ts", () => {
    const e = (ts: string) => ({
      url: "u",
      ts,
      file: "f",
      offset: 0,
      length: 1,
      status: 200,
      mime: "text/html",
    });
    const list = [e("2025-01-01T00:00:00Z"), e("2026-01-01T00:00:00Z"), e("2025-06-01T00:00:00Z")];
    expect(pickCapture(list, null).ts).toBe("2026-01-01T00:00:00Z");
    expect(pickCapture(list, parseTs("20250501"))!.ts).toBe("2025-06-01T00:00:00Z");
    expect(pickCapture(list, parseTs("2024-01-01"))!.ts).toBe("2025-01-01T00:00:00Z");
    expect(parseTs("garbage")).toBeNull();
  });
});
