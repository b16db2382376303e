import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SearchIndexBuilder } from "./index-builder.js";
import { nearestIndexedWords } from "./nearest-words.js";
import { rankIndex } from "./rank.js";
import type { DirectoryService } from "./types.js";

// The default services, read as data (shared/ imports nothing from server/).
const services = JSON.parse(
  readFileSync(new URL("../../server/directory/seed/services.seed.json", import.meta.url), "utf8"),
) as DirectoryService[];
const index = new SearchIndexBuilder().add(services).build();

describe("nearestIndexedWords", () => {
  it("offers the indexed words nearest to a search nothing matched", () => {
    for (const typed of ["shxltxr", "sheltrrrr"]) {
      expect(rankIndex(index, typed, { locale: "en" }).mode).toBe("suggestions");
      expect(nearestIndexedWords(index, typed)).toEqual(["shelter"]);
    }
    expect(nearestIndexedWords(index, "xylophone")).toEqual(["telephone"]);
  });
  it("offers nothing when every word is known, or for stop words alone", () => {
    expect(nearestIndexedWords(index, "food")).toEqual([]);
    expect(nearestIndexedWords(index, "the and")).toEqual([]);
  });
});
