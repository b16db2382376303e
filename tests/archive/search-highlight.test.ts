import { describe, expect, it } from "vitest";
import { highlight } from "../../server/archive/search/highlight.js";

describe("search snippet highlighting", () => {
  it("marks whole words equal to a term, in any case, and escapes the rest", () => {
    expect(highlight(`Flu shots & "flu" <b>influenza</b> flu`, ["flu"], false)).toBe(
      "<mark>Flu</mark> shots &amp; &quot;<mark>flu</mark>&quot; &lt;b&gt;influenza&lt;/b&gt; <mark>flu</mark>",
    );
  });

  it("matches accent-folded words, and words at the very start and end of the text", () => {
    expect(highlight("École de l'été", ["ecole", "ete"], false)).toBe(
      "<mark>École</mark> de l'<mark>été</mark>",
    );
    // A combining mark is not a letter: it ends the word, as the tokenizer does.
    expect(highlight("e\u0301te", ["e"], false)).toBe("<mark>e</mark>\u0301te");
  });

  it("in prefix mode marks every word starting with a term", () => {
    expect(highlight("Vaccines, vaccination; avaccine", ["vacc"], true)).toBe(
      "<mark>Vaccines</mark>, <mark>vaccination</mark>; avaccine",
    );
  });

  it("treats letters outside the basic plane as letters and steps over other characters", () => {
    expect(highlight("😀flu😀 𝐀bc \ud800flu", ["flu", "𝐀bc"], false)).toBe(
      "😀<mark>flu</mark>😀 <mark>𝐀bc</mark> \ud800<mark>flu</mark>",
    );
  });

  it("escapes text without terms or without any match", () => {
    expect(highlight("a < b", [], false)).toBe("a &lt; b");
    expect(highlight("a < b", ["c"], false)).toBe("a &lt; b");
  });
});
