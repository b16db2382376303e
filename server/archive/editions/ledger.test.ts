/** The target ledger: inputs merged once per page, each exclusion stated. */
import { describe, expect, it } from "vitest";
import { parseRobots } from "../crawl/robots.js";
import { buildLedger } from "./ledger.js";

const O = "https://health.example.ca";

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
