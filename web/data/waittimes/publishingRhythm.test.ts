import { describe, expect, it } from "vitest";
import { defaultPeriodFor, isMonthly, nextFigureDue } from "./publishingRhythm";

describe("publishing rhythm", () => {
  it("opens a monthly table on a year and a live feed on a week", () => {
    expect(defaultPeriodFor(30 * 86400)).toBe("1y");
    expect(defaultPeriodFor(600)).toBe("7d");
    expect(defaultPeriodFor(3600)).toBe("7d");
    expect(defaultPeriodFor(2 * 86400)).toBe("90d");
    expect(defaultPeriodFor(undefined)).toBe("7d");
    expect(isMonthly(30 * 86400)).toBe(true);
    expect(isMonthly(7 * 86400)).toBe(false);
  });

  it("expects a monthly table's next figure for the next month, a live feed's one cadence later", () => {
    expect(nextFigureDue("2026-11-01T00:00:00.000Z", 30 * 86400).toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect(nextFigureDue("2026-12-01T00:00:00.000Z", 30 * 86400).toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
    expect(nextFigureDue("2026-11-24T10:00:00.000Z", 600).toISOString()).toBe("2026-11-24T10:10:00.000Z");
  });
});
