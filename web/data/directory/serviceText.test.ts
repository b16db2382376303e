import { describe, expect, it } from "vitest";
import { feesText, languageNames } from "./serviceText";

describe("service text in the reader's language", () => {
  it("says a plain Free in French and keeps other fee wording in English", () => {
    expect(feesText("Free.", "fr")).toEqual({ text: "Gratuit", lang: "fr" });
    expect(feesText("free", "en")).toEqual({ text: "Free", lang: "en" });
    expect(feesText("Free (if eligible)", "fr")).toEqual({ text: "Free (if eligible)", lang: "en" });
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
