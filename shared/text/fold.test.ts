import { describe, expect, it } from "vitest";
import { foldAccents } from "./fold.js";

describe("shared/text", () => {
  it("folds accents, ligatures and typographic apostrophes", () => {
    expect(foldAccents("Hébergement d’urgence À Montréal")).toBe("hebergement d'urgence a montreal");
    expect(foldAccents("cœur")).toBe("coeur");
  });
});
