import { describe, expect, it } from "vitest";
import { BUCKETS, bucketOf, bucketRow, serviceIn, textsOf } from "./serviceBuckets";

const texts = new Map([
  ["a", JSON.stringify({ id: "a", name: { en: "Fem’aide", fr: "Fem’aide — ligne 24 h" } })],
  ["b", JSON.stringify({ id: "b", name: { en: "Plain", fr: "Simple" }, mergedIds: ["old-b", "older-b"] })],
  ["c", JSON.stringify({ id: "c", name: { en: "🙂 café", fr: "" } })],
]);

describe("service buckets", () => {
  it("places an id in the same bucket every time, within range", () => {
    expect(bucketOf("crisis-988")).toBe(bucketOf("crisis-988"));
    const used = new Set(Array.from({ length: 2000 }, (_, k) => bucketOf(`service-${k}`)));
    expect(Math.max(...used)).toBeLessThan(BUCKETS);
    expect(used.size).toBeGreaterThan(BUCKETS * 0.9); // spread, not piled in a few rows
  });

  it("gives back each service's text as written, whatever its characters", () => {
    const row = bucketRow(7, texts);
    expect(row.bucket).toBe(7);
    expect(textsOf(row)).toEqual(texts);
    expect(serviceIn(row, "c")).toEqual({ id: "c", name: { en: "🙂 café", fr: "" } });
    expect(serviceIn(row, "missing")).toBeUndefined();
    expect(row.data.length).toBe(row.ends[row.ends.length - 1]);
  });

  it("lists the ids merged into the bucket's services, for finding old links", () => {
    expect(bucketRow(0, texts).mergedIds).toEqual(["old-b", "older-b"]);
  });
});
