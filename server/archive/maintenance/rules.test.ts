import { describe, expect, it } from "vitest";
import { canadianHolidays } from "./holidays.js";
import { type ProposedWindow, windowBreaks } from "./rules.js";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
/** A window announced `noticeHours` before it starts. */
const win = (
  type: ProposedWindow["type"],
  start: string,
  end: string,
  noticeHours: number,
): ProposedWindow => ({
  type,
  startsAt: at(start),
  endsAt: at(end),
  announcedAt: new Date(at(start).getTime() - noticeHours * HOUR),
});

describe("maintenance window rules (spec 001 §8)", () => {
  it("refuse a 25-hour routine window announced as it starts, naming each rule", () => {
    const breaks = windowBreaks(win("routine", "2026-12-01T02:00:00Z", "2026-12-02T03:00:00Z", 0));
    expect(breaks[0]).toBe(
      "a routine window needs 24 hours notice; this one starts no time after it is announced",
    );
    expect(breaks[1]).toBe("a routine window lasts at most 30 minutes; this one lasts 1500 minutes");
    expect(breaks[2]).toMatch(/^outside the preferred hours .*: 06:00 UTC is outside 00:00–06:00/);
  });

  it("take routine and major windows inside their notice, length and hours, across midnight too", () => {
    expect(windowBreaks(win("routine", "2026-12-01T02:00:00Z", "2026-12-01T02:30:00Z", 24))).toEqual([]);
    expect(windowBreaks(win("major", "2026-12-01T22:00:00Z", "2026-12-02T02:00:00Z", 72))).toEqual([]);
    expect(windowBreaks(win("major", "2026-12-01T22:00:00Z", "2026-12-02T02:00:00Z", 71))[0]).toMatch(
      /^a major window needs 72 hours notice; this one starts 4260 minutes/,
    );
    expect(windowBreaks(win("major", "2026-12-01T22:00:00Z", "2026-12-02T02:01:00Z", 80))).toEqual([
      "a major window lasts at most 4 hours; this one lasts 241 minutes",
    ]);
  });

  it("refuse the hours to avoid, weekends and statutory holidays", () => {
    expect(windowBreaks(win("routine", "2026-12-01T15:00:00Z", "2026-12-01T15:20:00Z", 30))).toEqual([
      "outside the preferred hours (weekdays 00:00–06:00 or 22:00–24:00 UTC): 15:00 UTC is in the hours to avoid (14:00–22:00 UTC)",
    ]);
    expect(windowBreaks(win("routine", "2026-12-05T02:00:00Z", "2026-12-05T02:20:00Z", 30))).toEqual([
      "outside the preferred hours (weekdays 00:00–06:00 or 22:00–24:00 UTC): Saturday 2026-12-05 is a weekend day",
    ]);
    // Friday 23:50 runs into Saturday.
    expect(windowBreaks(win("routine", "2026-12-04T23:50:00Z", "2026-12-05T00:10:00Z", 30))[0]).toMatch(
      /Saturday 2026-12-05 is a weekend day$/,
    );
    expect(windowBreaks(win("routine", "2026-07-01T02:00:00Z", "2026-07-01T02:20:00Z", 30))).toEqual([
      "outside the preferred hours (weekdays 00:00–06:00 or 22:00–24:00 UTC): 2026-07-01 is a statutory holiday (Canada Day)",
    ]);
  });

  it("let an emergency window start at once and last as long as needed", () => {
    expect(windowBreaks(win("emergency", "2026-12-05T15:00:00Z", "2026-12-06T15:00:00Z", 0))).toEqual([]);
    expect(windowBreaks(win("emergency", "2026-12-05T15:00:00Z", "2026-12-05T15:00:00Z", 0))).toEqual([
      "the window must end after it starts",
    ]);
  });

  it("know the federal statutory holidays, Easter's and observed days included", () => {
    const y2026 = canadianHolidays(2026);
    expect(y2026.get("2026-04-03")).toBe("Good Friday");
    expect(y2026.get("2026-05-18")).toBe("Victoria Day");
    expect(y2026.get("2026-09-07")).toBe("Labour Day");
    expect(y2026.get("2026-10-12")).toBe("Thanksgiving");
    expect(y2026.get("2026-09-30")).toBe("National Day for Truth and Reconciliation");
    const y2027 = canadianHolidays(2027);
    expect(y2027.get("2027-03-26")).toBe("Good Friday");
    // Christmas on a Saturday and Boxing Day on a Sunday: observed Monday and Tuesday.
    expect(y2027.get("2027-12-27")).toBe("Christmas Day (observed)");
    expect(y2027.get("2027-12-28")).toBe("Boxing Day (observed)");
  });
});
