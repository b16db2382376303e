import { describe, expect, it } from "vitest";
import { expandFuzzy } from "./memory-search.js";

describe("expandFuzzy", () => {
  it("counts two swapped neighbouring letters as one typo, as the directory's search does", () => {
    const vocabulary = ["sante", "santa", "vaccin", "vaccination"];
    expect(expandFuzzy(vocabulary, ["snate"])).toEqual([["snate", "sante"]]);
    expect(expandFuzzy(vocabulary, ["vacicn"])).toEqual([["vacicn", "vaccin"]]);
    // Words under four letters get no typo budget.
    expect(expandFuzzy(["flu"], ["fle"])).toEqual([["fle"]]);
  });
});
