import { describe, expect, it } from "vitest";
import type { CaptureLine } from "./capture-log.js";
import { resumePoint } from "./crawl-resume.js";

const T = "2026-11-30T12:00:00.000Z";
const robots = (u: string, s: number, extra: Partial<CaptureLine> = {}): CaptureLine => ({
  u,
  k: "robots",
  t: T,
  s,
  ...extra,
});

describe("a resumed crawl's robots.txt answers", () => {
  it("are those at the end of each origin's redirects, with their status", () => {
    const p = resumePoint(
      [
        robots("http://a.example/robots.txt", 301, { to: "http://a.example/real.txt" }),
        robots("http://b.example/robots.txt", 503),
        robots("http://a.example/real.txt", 200, { r: "User-agent: *\nDisallow: /x/" }),
      ],
      ["http://a.example/"],
    );
    expect(p.robots).toEqual(
      new Map([["http://a.example", { status: 200, text: "User-agent: *\nDisallow: /x/" }]]),
    );
    // The site could not say what it allows: a resumed or retried crawl asks it again.
    expect(p.done.has("http://b.example/robots.txt")).toBe(false);
  });

  it("are asked again for an origin whose redirects a kill cut short", () => {
    const p = resumePoint(
      [robots("http://a.example/robots.txt", 302, { to: "http://a.example/real.txt" })],
      ["http://a.example/"],
    );
    expect(p.robots.size).toBe(0);
    expect(p.done.has("http://a.example/robots.txt")).toBe(false);
  });
});

describe("a resumed crawl's depths", () => {
  it("count the links from the seeds as the first run found them, so max_depth holds across a kill", () => {
    const page = (u: string, n: string[]): CaptureLine => ({ u, k: "page", t: T, s: 200, n });
    const p = resumePoint(
      [
        page("http://a.example/", ["http://a.example/1", "http://a.example/x"]),
        page("http://a.example/1", ["http://a.example/2", "http://a.example/x"]),
      ],
      ["http://a.example/"],
    );
    expect(Object.fromEntries(p.depth)).toEqual({
      "http://a.example/": 0,
      "http://a.example/1": 1,
      "http://a.example/x": 1,
      "http://a.example/2": 2,
    });
    expect(p.frontier).toEqual(["http://a.example/x", "http://a.example/2"]);
  });

  it("know the addresses logged as excluded, so a resumed crawl does not log them again", () => {
    const p = resumePoint(
      [{ u: "http://a.example/x/x/x/", k: "excluded", t: T, e: "likely crawl trap" }],
      ["http://a.example/"],
    );
    expect(p.seen.has("http://a.example/x/x/x/")).toBe(true);
    expect(p.pagesExcluded).toBe(1);
  });
});
