import { describe, expect, it } from "vitest";
import type { RankResult } from "../../shared/directory/index.js";
import { SearchCache } from "./search-cache.js";

const result = (n: number): RankResult => ({ mode: "match", results: [], total: n, categories: [] });

describe("search cache", () => {
  it("reuses a ranking within the same minute and catalogue generation only", () => {
    const cache = new SearchCache(2);
    let computed = 0;
    const compute = () => result(++computed);
    const t = new Date("2026-05-04T15:00:10Z");
    expect(cache.get("a", 1, t, compute).total).toBe(1);
    expect(cache.get("a", 1, new Date("2026-05-04T15:00:50Z"), compute).total).toBe(1);
    expect(cache.get("a", 2, t, compute).total).toBe(2); // the catalogue changed
    expect(cache.get("a", 2, new Date("2026-05-04T15:01:00Z"), compute).total).toBe(3); // open-now may differ
  });
  it("keeps at most `max` entries, dropping the least recently used", () => {
    const cache = new SearchCache(2);
    let computed = 0;
    const compute = () => result(++computed);
    const t = new Date("2026-05-04T15:00:00Z");
    cache.get("a", 1, t, compute);
    cache.get("b", 1, t, compute);
    cache.get("a", 1, t, compute); // a is now the most recent
    cache.get("c", 1, t, compute); // evicts b
    expect(computed).toBe(3);
    cache.get("a", 1, t, compute);
    expect(computed).toBe(3);
    cache.get("b", 1, t, compute);
    expect(computed).toBe(4);
  });
});
