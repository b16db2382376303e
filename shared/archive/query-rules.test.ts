import { describe, expect, it } from "vitest";
import { captureRange, isCalendarDate, isTimeZone } from "./query-rules";

describe("a day range in a reader's time zone", () => {
  it("covers the day as the reader's clock has it, clock changes and half-hour zones included", () => {
    expect(captureRange({ from: "2026-11-30", to: "2026-11-30" })).toEqual({
      fromAt: "2026-11-30T00:00:00.000Z",
      toAt: "2026-11-30T23:59:59.999Z",
    });
    expect(captureRange({ from: "2026-11-30", to: "2026-11-30", tz: "America/Vancouver" })).toEqual({
      fromAt: "2026-11-30T08:00:00.000Z",
      toAt: "2026-12-01T07:59:59.999Z",
    });
    // Toronto's spring-forward day has 23 hours, its fall-back day 25.
    expect(captureRange({ from: "2026-03-08", to: "2026-03-08", tz: "America/Toronto" })).toEqual({
      fromAt: "2026-03-08T05:00:00.000Z",
      toAt: "2026-03-09T03:59:59.999Z",
    });
    expect(captureRange({ from: "2026-11-01", to: "2026-11-01", tz: "America/Toronto" })).toEqual({
      fromAt: "2026-11-01T04:00:00.000Z",
      toAt: "2026-11-02T04:59:59.999Z",
    });
    // Santiago's clocks jump from 00:00 to 01:00 on 6 September 2026: that day begins at 01:00.
    expect(captureRange({ from: "2026-09-06", to: "2026-09-05", tz: "America/Santiago" })).toEqual({
      fromAt: "2026-09-06T04:00:00.000Z",
      toAt: "2026-09-06T03:59:59.999Z",
    });
    expect(captureRange({ from: "2026-11-30", tz: "America/St_Johns" })).toEqual({
      fromAt: "2026-11-30T03:30:00.000Z",
      toAt: null,
    });
  });

  it("knows the calendar and the time zones", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isTimeZone("America/Toronto")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
