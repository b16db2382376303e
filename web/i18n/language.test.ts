import { describe, expect, it } from "vitest";
import { en } from "./en";
import { fr } from "./fr";
import { format, pickLanguage } from "./language";

describe("pickLanguage", () => {
  it("keeps a stored choice over the browser preference", () => {
    expect(pickLanguage("fr", ["en-CA"])).toBe("fr");
    expect(pickLanguage("en", ["fr-CA"])).toBe("en");
  });

  it("follows the first supported browser language, else English", () => {
    expect(pickLanguage(null, ["fr-CA", "en"])).toBe("fr");
    expect(pickLanguage("de", ["es", "FR"])).toBe("fr");
    expect(pickLanguage(undefined, ["es-MX", "de"])).toBe("en");
    expect(pickLanguage(null, [])).toBe("en");
  });
});

describe("format", () => {
  it("fills named placeholders and leaves unknown ones visible", () => {
    expect(format("{used} of {quota}", { used: "1 MB", quota: 5 })).toBe("1 MB of 5");
    expect(format("{used} of {quota}", { used: "1 MB" })).toBe("1 MB of {quota}");
  });
  it("chooses the plural form by each language's rule", () => {
    const en = "{count, plural, one {# result} other {# results}} for “{q}”";
    expect(format(en, { count: 1, q: "food" })).toBe("1 result for “food”");
    expect(format(en, { count: 0, q: "food" })).toBe("0 results for “food”");
    expect(format(en, { count: 1200, q: "food" })).toBe("1,200 results for “food”");
    // French takes the singular for 0 and 1.
    const fr = "{count, plural, one {# résultat} other {# résultats}}";
    expect(format(fr, { count: 0 }, "fr")).toBe("0 résultat");
    expect(format(fr, { count: 2 }, "fr")).toBe("2 résultats");
    expect(format("{n, plural, =0 {none} other {#}}", { n: 0 })).toBe("none");
  });
  it('counts the alerts that reached nobody in the singular and the plural, not as "alert(s)"', () => {
    const params = (count: number) => ({ count, time: "13 h 05", incident: "" });
    expect(format(en["obs.alerts.undelivered"], params(1), "en")).toMatch(/^1 alert reached nobody:/);
    expect(format(en["obs.alerts.undelivered"], params(3), "en")).toMatch(/^3 alerts reached nobody:/);
    expect(format(fr["obs.alerts.undelivered"], params(1), "fr")).toMatch(
      /^1 alerte n’a joint personne\u00a0:/,
    );
    expect(format(fr["obs.alerts.undelivered"], params(3), "fr")).toMatch(/^3 alertes n’ont joint personne/);
  });

  it("says what a trend's average is of, and counts one report in the singular", () => {
    const params = { mean: "3 h 11 min", min: "1 h", max: "5 h", statistic: "90th percentile", reports: 1 };
    expect(format(en["trends.summary"], params, "en")).toBe(
      "Over this period: average 3 h 11 min of the figures reported (90th percentile), lowest 1 h, highest 5 h, from 1 report.",
    );
    expect(format(en["trends.summary"], { ...params, reports: 1200 }, "en")).toMatch(/from 1,200 reports\.$/);
    expect(format(fr["trends.summary"], { ...params, statistic: "90e centile" }, "fr")).toBe(
      "Sur cette période\u00a0: moyenne 3 h 11 min des chiffres publiés (90e centile), minimum 1 h, maximum 5 h, d’après 1 relevé.",
    );
  });

  it("counts hospitals in the singular and the plural on the wait-time pages, in both languages", () => {
    const found = (lang: "en" | "fr", count: number) =>
      format((lang === "en" ? en : fr)["waits.found"], { count, total: 20 }, lang);
    expect(found("en", 1)).toBe("1 hospital matches out of 20");
    expect(found("en", 3)).toBe("3 hospitals match out of 20");
    expect(found("fr", 1)).toBe("1 hôpital correspond sur 20");
    expect(found("fr", 3)).toBe("3 hôpitaux correspondent sur 20");
    const occ = { avg: "90 %", min: "50 %", max: "130 %", over: 0, waiting: "4" };
    expect(format(en["waits.occ.summary"], { ...occ, reporting: 1 }, "en")).toMatch(
      /^1 hospital reporting\./,
    );
    expect(format(fr["waits.occ.summary"], { ...occ, reporting: 1 }, "fr")).toMatch(/^1 hôpital déclarant\./);
    expect(format(fr["waits.occ.summary"], { ...occ, reporting: 2 }, "fr")).toMatch(
      /^2 hôpitaux déclarants\./,
    );
    const stats = { p25: "1", p75: "2", median: "1", min: "1", max: "3" };
    expect(format(en["waits.bench.stats"], { ...stats, n: 1, count: 1 }, "en")).toMatch(
      /^Hospitals that reported: 1 of 1\./,
    );
    expect(format(fr["waits.bench.stats"], { ...stats, n: 1, count: 4 }, "fr")).toMatch(
      /^Hôpitaux ayant déclaré des chiffres\u00a0: 1 sur 4\./,
    );
    // A publisher's name as it comes ("Ministère de la Santé…") needs no article before it.
    expect(
      format(fr["waits.method.source"], { source: "Ministère de la Santé et des Services sociaux" }),
    ).toBe("Source\u00a0: Ministère de la Santé et des Services sociaux.");
  });

  it("says an archive search's estimated total is approximate, in each language's number format", () => {
    const args = { count: 240000, query: "vaccin" };
    expect(format(en["archive.resultsAboutFor"], args)).toBe("About 240,000 results for “vaccin”");
    expect(format(fr["archive.resultsAboutFor"], args, "fr")).toBe(
      `Environ ${(240000).toLocaleString("fr-CA")} résultats pour « vaccin »`,
    );
  });
  it("writes the count as each language's own number format does: small, negative, large, fractional", () => {
    // Counts under a thousand skip Intl.NumberFormat (intlFormats.ts); they must read the same.
    const n = "{n, plural, one {#} other {#}}";
    for (const value of [0, 7, -999, 999, 1000, -12345, 2.5]) {
      expect(format(n, { n: value }), String(value)).toBe(value.toLocaleString("en-CA"));
      expect(format(n, { n: value }, "fr"), String(value)).toBe(value.toLocaleString("fr-CA"));
    }
    expect(format(n, { n: 1000 })).toBe("1,000");
  });
});

describe("wording", () => {
  it("a label's colon follows each language's typography: French sets a no-break space before it", () => {
    expect(en["label.colon"]).toBe(": ");
    expect(fr["label.colon"]).toBe("\u00a0: ");
  });
  it("the compare page's error speaks of captures, not of the address's parameters", () => {
    expect(en["archive.compare.badIds"]).not.toMatch(/\bfrom\b|\(|\)/);
    expect(fr["archive.compare.badIds"]).not.toMatch(/\bfrom\b|\bto\b|\(|\)/);
  });
});

describe("catalogues", () => {
  it("have the same keys, no empty text, and the same placeholders", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const french = fr[key as keyof typeof en];
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(french.trim().length, key).toBeGreaterThan(0);
      const names = (s: string) => (s.match(/\{\w+[},]/g) ?? []).sort();
      expect(names(french), key).toEqual(names(text));
    }
  });
});
