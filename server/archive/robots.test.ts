import { describe, expect, it } from "vitest";
import { parseRobots, robotsAllows } from "./robots.js";

describe("scope and robots", () => {
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
