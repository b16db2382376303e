import { describe, expect, it } from "vitest";
import { alignSeries } from "./alignSeries";

const p = (timestamp: string, value: number) => ({
  timestamp,
  value,
  min: value,
  max: value,
  sampleCount: 1,
});

describe("alignSeries", () => {
  it("puts both series on the union of their times, with gaps where one has no figure", () => {
    const r = alignSeries(
      [p("2026-11-01T02:00:00Z", 30), p("2026-11-01T00:00:00Z", 10)],
      [p("2026-11-01T01:00:00Z", 50), p("2026-11-01T02:00:00Z", 60)],
    );
    const base = Date.UTC(2026, 10, 1) / 1000;
    expect(r.xs).toEqual([base, base + 3600, base + 7200]);
    expect(r.a).toEqual([10, null, 30]);
    expect(r.b).toEqual([null, 50, 60]);
  });

  it("is empty when neither has points", () => {
    expect(alignSeries([], [])).toEqual({ xs: [], a: [], b: [] });
  });
});
