import { describe, expect, it } from "vitest";
import { breakAtGaps, differsFrom, hasFigures, longestJoin } from "./chartGaps";

const H = 3600;

describe("chart gaps", () => {
  it("cuts an hourly line across a 9-hour stretch without reports, and only there", () => {
    // Hourly figures from 0 h to 3 h, nothing until 12 h, then hourly again: the CHUM's 7-day shape.
    const xs = [0, 1, 2, 3, 12, 13].map((h) => h * H);
    const ys = [[10, 11, 12, 13, 20, 21]];
    const cut = breakAtGaps({ xs, ys }, longestJoin("hourly", H));
    expect(cut.xs).toEqual([0, 1, 2, 3, 7.5, 12, 13].map((h) => h * H));
    expect(cut.ys).toEqual([[10, 11, 12, 13, null, 20, 21]]);
  });

  it("keeps a line whole when points are at most a few steps apart", () => {
    const xs = [0, 1, 3, 6].map((h) => h * H);
    expect(breakAtGaps({ xs, ys: [[1, 2, 3, 4]] }, longestJoin("hourly", H)).xs).toEqual(xs);
  });

  it("measures the step by the feed's cadence when it is longer than the bucket", () => {
    // A feed published every 6 hours, drawn in hourly buckets: 12 hours apart is two reports late, not a gap.
    expect(longestJoin("hourly", 6 * H)).toBe(18 * H);
    const xs = [0, 12 * H, 36 * H];
    expect(breakAtGaps({ xs, ys: [[1, 2, 3]] }, longestJoin("hourly", 6 * H)).ys[0]).toEqual([1, 2, null, 3]);
  });

  it("does not cut a monthly series between consecutive months", () => {
    const feb = Date.UTC(2026, 1, 1) / 1000;
    const mar = Date.UTC(2026, 2, 1) / 1000;
    const may = Date.UTC(2026, 4, 1) / 1000;
    expect(breakAtGaps({ xs: [feb, mar], ys: [[1, 2]] }, longestJoin("monthly")).xs).toHaveLength(2);
    expect(breakAtGaps({ xs: [feb, may], ys: [[1, 2]] }, longestJoin("monthly")).xs).toHaveLength(2);
  });

  it("says which series have something to draw", () => {
    expect(hasFigures([null, null])).toBe(false);
    expect(hasFigures([null, 3])).toBe(true);
    expect(differsFrom([5, 6], [5, 6])).toBe(false);
    expect(differsFrom([4, 6], [5, 6])).toBe(true);
  });
});
