import { describe, expect, it } from "vitest";
import type { Schedule } from "../../../shared/directory/types";
import { addDays, scheduleToday } from "./hoursChanges";

const closed = (date: string, note: string | null = null) => ({
  date,
  closed: true,
  opens: null,
  closes: null,
  note,
});

describe("scheduleToday", () => {
  const schedule: Schedule = {
    timezone: "America/Toronto",
    weekly: [],
    notes: null,
    exceptions: [
      closed("2026-12-28"),
      closed("2026-11-29"),
      closed("2026-11-30", "Staff training"),
      closed("2026-12-27"),
    ],
  };

  it("takes today from the service's time zone, not the reader's clock", () => {
    // 03:30 on December 1 in UTC is still Monday, November 30 in Toronto.
    const today = scheduleToday(schedule, new Date("2026-12-01T03:30:00Z"));
    expect(today.date).toBe("2026-11-30");
    expect(today.day).toBe("mo");
    expect(today.dateOf("mo")).toBe("2026-11-30");
    expect(today.dateOf("su")).toBe("2026-12-06");
    expect(today.exceptionOn(today.dateOf("mo"))?.note).toBe("Staff training");
  });

  it("lists the exceptions of the four weeks from today, by date", () => {
    const today = scheduleToday(schedule, new Date("2026-12-01T03:30:00Z"));
    expect(today.upcoming.map((e) => e.date)).toEqual(["2026-11-30", "2026-12-27"]);
  });

  it("counts calendar days across months, years and the change of clocks", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
