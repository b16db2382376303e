import { describe, expect, it } from "vitest";
import { coverageTimeline, durationText, isQualityWindow } from "./dataQuality";

describe("coverageTimeline", () => {
  it("puts each day at UTC midnight with its coverage in percent", () => {
    const t = coverageTimeline([
      { date: "2026-11-01", expected: 24, received: 24, coverage: 1 },
      { date: "2026-11-02", expected: 24, received: 18, coverage: 0.75 },
      { date: "2026-11-03", expected: 24, received: 1, coverage: 0.042 },
    ]);
    expect(t.xs).toEqual([1, 2, 3].map((d) => Date.UTC(2026, 10, d) / 1000));
    expect(t.percents).toEqual([100, 75, 4.2]);
  });
});

describe("durationText", () => {
  it("reads minutes, hours and days in the reader's language", () => {
    expect(durationText(45, "en")).toBe("45 minutes");
    expect(durationText(240, "en")).toBe("4 hours");
    expect(durationText(90, "en")).toBe("1.5 hours");
    expect(durationText(4320, "en")).toBe("3 days");
    // French puts a no-break space between number and unit.
    expect(durationText(240, "fr").replace(/\s/g, " ")).toBe("4 heures");
    expect(durationText(4320, "fr").replace(/\s/g, " ")).toBe("3 jours");
  });
});

describe("isQualityWindow", () => {
  it("accepts only the offered windows", () => {
    expect(isQualityWindow("30")).toBe(true);
    expect(isQualityWindow(7)).toBe(true);
    expect(isQualityWindow("31")).toBe(false);
    expect(isQualityWindow(undefined)).toBe(false);
  });
});
