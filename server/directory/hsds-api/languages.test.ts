import { describe, expect, it } from "vitest";
import { languageCode, languageName } from "./languages.js";

describe("languages", () => {
  it("gives ISO 639 codes for names in English or French, and none for names it cannot place", () => {
    expect(languageCode("English")).toBe("en");
    expect(languageCode(" français ")).toBe("fr");
    expect(languageCode("Cree")).toBe("cr");
    expect(languageCode("Inuktitut")).toBe("iu");
    expect(languageCode("Ojibway")).toBe("oj");
    expect(languageCode("Mi'kmaq")).toBe("mic");
    expect(languageCode("Punjabi")).toBe("pa");
    expect(languageCode("es")).toBe("es");
    expect(languageCode("Elvish")).toBeNull();
    expect(languageCode("xx")).toBeNull();
    expect(languageName("anglais", "en", "en")).toBe("English");
    expect(languageName("English", "en", "fr")).toBe("Anglais");
    expect(languageName("LSQ", "fcs", "fr")).toBe("Langue des signes québécoise");
    expect(languageName("Elvish", null, "fr")).toBe("Elvish");
  });
});
