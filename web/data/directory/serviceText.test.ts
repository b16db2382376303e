import { describe, expect, it } from "vitest";
import { documentsText, feesText, languageNames } from "./serviceText";

describe("service text in the reader's language", () => {
  it("says a plain Free in French and keeps other fee wording in English", () => {
    expect(feesText("Free.", "fr")).toEqual({ text: "Gratuit", lang: "fr" });
    expect(feesText("free", "en")).toEqual({ text: "Free", lang: "en" });
    expect(feesText("Free (if eligible)", "fr")).toEqual({ text: "Free (if eligible)", lang: "en" });
  });

  it("says a plain None (or None required) in French and keeps other document wording in English", () => {
    expect(documentsText("None", "fr")).toEqual({ text: "Aucun", lang: "fr" });
    expect(documentsText("None required.", "fr")).toEqual({ text: "Aucun", lang: "fr" });
    expect(documentsText("none.", "en")).toEqual({ text: "None", lang: "en" });
    expect(documentsText("Health Card (OHIP).", "fr")).toEqual({ text: "Health Card (OHIP).", lang: "en" });
    expect(documentsText("None for walk-ins; a referral for programs", "fr").lang).toBe("en");
  });

  it("names the languages in French when it can place them", () => {
    expect(languageNames(["English", "French", "Ojibway"], "fr")).toEqual([
      { text: "Anglais", lang: "fr" },
      { text: "Français", lang: "fr" },
      { text: "Ojibwa", lang: "fr" },
    ]);
    expect(languageNames(["Klingon-ish"], "fr")).toEqual([{ text: "Klingon-ish", lang: null }]);
  });
});
