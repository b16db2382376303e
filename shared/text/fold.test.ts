import { describe, expect, it } from "vitest";
import { foldAccents, stripMarks } from "./fold.js";

describe("shared/text", () => {
  it("folds accents, ligatures and typographic apostrophes", () => {
    expect(foldAccents("Hébergement d’urgence À Montréal")).toBe("hebergement d'urgence a montreal");
    expect(foldAccents("cœur")).toBe("coeur");
  });

  it("strips only marks for the archive's words, keeping ligatures and quotes as its index does", () => {
    expect(stripMarks("Vaccination à MONTRÉAL")).toBe("vaccination a montreal");
    expect(stripMarks("cœur d’été")).toBe("cœur d’ete");
  });
});
