import { describe, expect, it } from "vitest";
import { interleave, queryMix } from "../../bench/archive-read.js";

describe("the archive benchmarks' relevance mix", () => {
  const mix = queryMix(100_000)["search relevance_fts (EN/FR words and pairs)"];
  const isPair = (path: string) => decodeURIComponent(path.split("q=")[1]).includes(" ");

  it("holds words and pairs in the same ratio in every run a load takes from it", () => {
    const share = mix.filter(isPair).length / mix.length;
    expect(mix.length).toBe(350);
    expect(share).toBeCloseTo(150 / 350, 5);
    // A load takes the next requests run after run (bench/archive-read.ts `distinct`): 5 s at
    // about 90 a second is 300 to 600 requests, from wherever the run before stopped.
    for (const length of [100, 300, 450, 600])
      for (let start = 0; start < mix.length; start++) {
        const run = Array.from({ length }, (_, i) => mix[(start + i) % mix.length]);
        const pairs = run.filter(isPair).length / length;
        expect(Math.abs(pairs - share), `${length} requests from ${start}`).toBeLessThan(0.02);
      }
  });

  it("merges two lists by relative position, keeping each list's order", () => {
    expect(interleave(["a1", "a2", "a3", "a4"], ["b1", "b2"])).toEqual(["a1", "b1", "a2", "a3", "b2", "a4"]);
    expect(interleave([], ["b1"])).toEqual(["b1"]);
  });
});
