import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "./distance.js";

describe("shared/text", () => {
  it("measures edit distance with transpositions and stops past the bound", () => {
    expect(boundedEditDistance("shelter", "shleter", 2)).toBe(1);
    expect(boundedEditDistance("food", "fod", 1)).toBe(1);
    expect(boundedEditDistance("housing", "legal", 2)).toBe(3);
  });
});
