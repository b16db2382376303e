import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "./distance.js";

describe("shared/text", () => {
  it("measures edit distance with transpositions and stops past the bound", () => {
    expect(boundedEditDistance("shelter", "shleter", 2)).toBe(1);
    expect(boundedEditDistance("food", "fod", 1)).toBe(1);
    expect(boundedEditDistance("housing", "legal", 2)).toBe(3);
  });

  it("answers the same after a long word has grown its buffer, and for words of any length after it", () => {
    const long = "a".repeat(300);
    expect(boundedEditDistance(long, `${"a".repeat(299)}b`, 2)).toBe(1);
    expect(boundedEditDistance(long, "b".repeat(300), 2)).toBe(3);
    expect(boundedEditDistance("shelter", "shleter", 2)).toBe(1);
    expect(boundedEditDistance("ab", "ba", 1)).toBe(1);
    expect(boundedEditDistance("abcd", "", 4)).toBe(4);
  });
});
