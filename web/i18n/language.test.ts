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
});

describe("catalogues", () => {
  it("have the same keys, no empty text, and the same placeholders", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const french = fr[key as keyof typeof en];
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(french.trim().length, key).toBeGreaterThan(0);
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(names(french), key).toEqual(names(text));
    }
  });
});
