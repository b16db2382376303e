import { describe, expect, it } from "vitest";
import { changedFields } from "./service-history.js";

describe("changedFields", () => {
  it("names each top-level field whose value changed, ignoring version and updatedAt", () => {
    const before = {
      name: { en: "A", fr: "A" },
      phones: [{ number: "1", label: null }],
      version: 1,
      updatedAt: "x",
    };
    const after = {
      name: { en: "A", fr: "B" },
      phones: [{ number: "1", label: null }],
      version: 2,
      updatedAt: "y",
    };
    expect(changedFields(before, after)).toEqual([
      { field: "name", before: { en: "A", fr: "A" }, after: { en: "A", fr: "B" } },
    ]);
  });

  it("treats a missing field as null, and a created record as every field new", () => {
    expect(changedFields({ email: null }, { email: "a@b.c", url: null })).toEqual([
      { field: "email", before: null, after: "a@b.c" },
    ]);
    expect(changedFields(null, { fees: "Free", version: 1 })).toEqual([
      { field: "fees", before: null, after: "Free" },
    ]);
  });
});
