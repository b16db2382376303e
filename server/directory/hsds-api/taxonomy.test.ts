/** The published taxonomy and which terms a seed service carries. */
import { describe, expect, it } from "vitest";
import { CATEGORIES, type DirectoryService } from "../../../shared/directory/index.js";
import { loadSeedServices } from "../../../tests/helpers/directory/seed-data.js";
import { TERMS, termsForService } from "./taxonomy.js";

const seed = loadSeedServices();
const byId = (id: string) => seed.find((s) => s.id === id) as DirectoryService;

describe("taxonomy", () => {
  it("has a top-level term per category, unique codes and ids, and every parent published", () => {
    const top = TERMS.filter((t) => t.parentId === null).map((t) => t.code);
    expect(top).toEqual([...CATEGORIES]);
    expect(new Set(TERMS.map((t) => t.code)).size).toBe(TERMS.length);
    expect(new Set(TERMS.map((t) => t.id)).size).toBe(TERMS.length);
    const ids = new Set(TERMS.map((t) => t.id));
    expect(TERMS.every((t) => t.parentId === null || ids.has(t.parentId))).toBe(true);
    expect(TERMS.every((t) => t.name.en && t.name.fr && t.description.en && t.description.fr)).toBe(true);
  });

  it("gives each service its category first and the needs its terms, synonyms or tags name", () => {
    for (const s of seed) expect(termsForService(s)[0].code).toBe(s.category);
    const codes = (s: DirectoryService) => termsForService(s).map((t) => t.code);
    expect(codes(byId("partners-in-mission-food-bank"))).toEqual(
      expect.arrayContaining(["food", "food.groceries"]),
    );
    const clinic: DirectoryService = {
      ...byId("partners-in-mission-food-bank"),
      category: "health",
      searchTerms: { en: ["family doctor"], fr: [] },
      synonyms: { en: [], fr: [] },
      tags: ["Youth (16-24)", "Newcomers / Refugees"],
    };
    // "family doctor" is a whole search term of primary care, not the families need; tags match word for word.
    expect(codes(clinic)).toEqual([
      "health",
      "health.primary-care",
      "community.youth",
      "community.newcomers",
    ]);
    const used = new Set(seed.flatMap(codes));
    expect(used.size).toBeGreaterThan(TERMS.length / 2);
  });
});
