import { describe, expect, it } from "vitest";
import { snippetParts } from "./snippetParts";

describe("snippetParts", () => {
  it("splits marked matches from the text around them", () => {
    expect(snippetParts("Get a <mark>flu</mark> shot at <mark>clinics</mark>.")).toEqual([
      { text: "Get a ", mark: false },
      { text: "flu", mark: true },
      { text: " shot at ", mark: false },
      { text: "clinics", mark: true },
      { text: ".", mark: false },
    ]);
  });

  it("unescapes entities into text, so markup in a page never becomes markup here", () => {
    expect(snippetParts("&lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>R&amp;D</mark>")).toEqual([
      { text: "<script>alert(1)</script> & ", mark: false },
      { text: "R&D", mark: true },
    ]);
  });

  it("handles text without matches and the empty snippet", () => {
    expect(snippetParts("plain")).toEqual([{ text: "plain", mark: false }]);
    expect(snippetParts("")).toEqual([]);
  });
});
