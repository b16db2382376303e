import { describe, expect, it } from "vitest";
import { parsePostcode } from "./regions.js";

describe("postal codes", () => {
  it("reads Canadian postal codes and their province from the first letter", () => {
    expect(parsePostcode("k7l1g5")).toEqual({ text: "K7L 1G5", fsa: "K7L", provinces: ["ON"] });
    expect(parsePostcode(" H3B  4G7 ")?.provinces).toEqual(["QC"]);
    expect(parsePostcode("X0A")).toEqual({ text: "X0A", fsa: "X0A", provinces: ["NT", "NU"] });
    expect(parsePostcode("D1A 1A1")).toBeNull();
    expect(parsePostcode("94104")).toBeNull();
  });
});
