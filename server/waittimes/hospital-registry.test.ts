import { describe, expect, it } from "vitest";
import { normalizeName } from "./hospital-registry.js";

describe("normalizeName", () => {
  it("folds accents, ligatures and punctuation the way the directory's search does", () => {
    expect(normalizeName("Hôpital Montfort")).toBe("hopital montfort");
    // A feed that writes "œ" and one that writes "oe" name the same hospital.
    expect(normalizeName("Centre de santé du Sacré-Cœur")).toBe(
      normalizeName("Centre de sante du Sacre-Coeur"),
    );
    expect(normalizeName("  St. Mary’s — General  ")).toBe("st mary s general");
  });
});
