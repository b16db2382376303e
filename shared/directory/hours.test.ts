import { describe, expect, it } from "vitest";
import { loadSeedServices } from "../../tests/helpers/directory/seed-data.js";
import { isOpenAt, localTime, openNowChecker, type Schedule } from "./index.js";

const weekdays = (opens: string, closes: string): Schedule => ({
  timezone: "America/Toronto",
  weekly: (["mo", "tu", "we", "th", "fr"] as const).map((day) => ({ day, opens, closes })),
  exceptions: [],
  notes: null,
});

describe("open now in America/Toronto", () => {
  it("reads wall-clock time in Toronto whatever the machine's zone (EDT in summer)", () => {
    // 2026-07-06 is a Monday; 13:30 UTC is 09:30 in Toronto (UTC-4).
    expect(localTime(new Date("2026-07-06T13:30:00Z"))).toEqual({
      date: "2026-07-06",
      day: "mo",
      minutes: 570,
    });
  });
  it("is open inside the hours and closed outside, on the right weekday", () => {
    const s = weekdays("09:00", "17:00");
    expect(isOpenAt(s, new Date("2026-07-06T13:30:00Z"))).toBe(true); // Mon 09:30
    expect(isOpenAt(s, new Date("2026-07-06T12:30:00Z"))).toBe(false); // Mon 08:30
    expect(isOpenAt(s, new Date("2026-07-06T21:00:00Z"))).toBe(false); // Mon 17:00 (close is exclusive)
    expect(isOpenAt(s, new Date("2026-07-04T15:00:00Z"))).toBe(false); // Saturday
  });
  it("uses standard time in winter (UTC-5)", () => {
    const s = weekdays("09:00", "17:00");
    expect(isOpenAt(s, new Date("2026-01-05T14:30:00Z"))).toBe(true); // Mon 09:30 EST
    expect(isOpenAt(s, new Date("2026-01-05T13:30:00Z"))).toBe(false); // Mon 08:30 EST
  });
  it("handles overnight slots and 00:00–23:59 as all day", () => {
    const night: Schedule = {
      timezone: "America/Toronto",
      weekly: [{ day: "fr", opens: "18:00", closes: "02:00" }],
      exceptions: [],
      notes: null,
    };
    expect(isOpenAt(night, new Date("2026-07-11T05:00:00Z"))).toBe(true); // Sat 01:00, slot began Friday
    expect(isOpenAt(night, new Date("2026-07-11T07:00:00Z"))).toBe(false); // Sat 03:00
    const allDay: Schedule = {
      timezone: "America/Toronto",
      weekly: [{ day: "mo", opens: "00:00", closes: "23:59" }],
      exceptions: [],
      notes: null,
    };
    expect(isOpenAt(allDay, new Date("2026-07-07T03:59:30Z"))).toBe(true); // Mon 23:59:30
  });
  it("applies date exceptions and answers null without hours", () => {
    const s = {
      ...weekdays("09:00", "17:00"),
      exceptions: [{ date: "2026-07-06", closed: true, opens: null, closes: null, note: "holiday" }],
    };
    expect(isOpenAt(s, new Date("2026-07-06T13:30:00Z"))).toBe(false);
    expect(isOpenAt(null, new Date())).toBeNull();
    expect(isOpenAt({ ...s, weekly: [] }, new Date())).toBeNull();
  });
  it("honours the service's own zone", () => {
    const vancouver = { ...weekdays("09:00", "17:00"), timezone: "America/Vancouver" };
    // Mon 09:30 in Toronto is 06:30 in Vancouver.
    expect(isOpenAt(vancouver, new Date("2026-07-06T13:30:00Z"))).toBe(false);
  });
});

describe("the fast open-now path", () => {
  it("agrees with isOpenAt for every seed schedule, every 37 minutes over two weeks", () => {
    const schedules = loadSeedServices().map((s) => s.schedule);
    const overnight: Schedule = {
      timezone: "America/Toronto",
      weekly: [{ day: "su", opens: "22:00", closes: "03:00" }],
      exceptions: [],
      notes: null,
    };
    schedules.push(overnight);
    let checked = 0;
    for (
      let t = Date.parse("2026-03-02T00:00:00Z");
      t < Date.parse("2026-03-16T00:00:00Z");
      t += 37 * 60_000
    ) {
      const now = new Date(t);
      const fast = openNowChecker(now);
      for (const s of schedules) {
        expect(fast(s), `${now.toISOString()}`).toBe(isOpenAt(s, now));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  });
});
