import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv.js";

describe("CSV", () => {
  it("round-trips quotes, commas and line breaks and reports the starting line of each record", () => {
    const text = toCsv(
      ["a", "b"],
      [
        { a: 'x, "y"', b: "two\nlines" },
        { a: "plain", b: null },
      ],
    );
    const parsed = parseCsv(text);
    expect(parsed.header).toEqual(["a", "b"]);
    expect(parsed.records.map((r) => r.values)).toEqual([
      { a: 'x, "y"', b: "two\nlines" },
      { a: "plain", b: "" },
    ]);
    expect(parsed.records.map((r) => r.line)).toEqual([2, 4]);
  });
});
