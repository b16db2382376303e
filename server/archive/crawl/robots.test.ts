import { describe, expect, it } from "vitest";
import { MAX_CRAWL_DELAY_MS, parseRobots, robotsAllows } from "./robots.js";

describe("scope and robots", () => {
  it("applies the longest matching robots rule and wildcards", () => {
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

  it("lets Allow win a tie between rules of equal length, whichever comes first", () => {
    // RFC 9309 §2.2.2: when an Allow and a Disallow match with the same length, Allow is used.
    const rules = parseRobots(
      "User-agent: *\nDisallow: /tie/page\nAllow: /tie/page\nAllow: /both/x\nDisallow: /both/x\nDisallow: /w*d\nAllow: /wid\n",
      "chc-archive-bot/1.0",
    );
    const ok = (p: string) => robotsAllows(rules, new URL(`http://x${p}`));
    expect(ok("/tie/page.html")).toBe(true);
    expect(ok("/both/x")).toBe(true);
    // Two patterns of four characters each, one with a wildcard, both matching.
    expect(ok("/wide")).toBe(true);
    // Without the tie, the longer Disallow still wins.
    expect(ok("/wood")).toBe(false);
  });

  it("reads Crawl-delay from our group, else from *, capped", () => {
    const agent = "chc-archive-bot/1.0";
    expect(parseRobots("User-agent: *\nCrawl-delay: 2.5\nDisallow: /x\n", agent).crawlDelayMs).toBe(2500);
    expect(
      parseRobots("User-agent: *\nCrawl-delay: 9\n\nUser-agent: chc-archive-bot\nCrawl-delay: 1\n", agent)
        .crawlDelayMs,
    ).toBe(1000);
    expect(parseRobots("User-agent: other\nCrawl-delay: 5\n", agent).crawlDelayMs).toBeUndefined();
    expect(parseRobots("User-agent: *\nCrawl-delay: 86400\n", agent).crawlDelayMs).toBe(MAX_CRAWL_DELAY_MS);
    expect(parseRobots("User-agent: *\nCrawl-delay: soon\n", agent).crawlDelayMs).toBeUndefined();
  });
});
