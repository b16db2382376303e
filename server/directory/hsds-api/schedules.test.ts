/** UTC offsets and schedules of the HSDS API on given days. */
import { describe, expect, it } from "vitest";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { loadSeedServices } from "../../../tests/helpers/directory/seed-data.js";
import { fullService } from "./map-service.js";
import { utcOffsetMinutes } from "./schedules.js";

const seed = loadSeedServices();
const byId = (id: string) => seed.find((s) => s.id === id) as DirectoryService;

describe("time zones and schedules", () => {
  it("finds the UTC offset in force on a given day, Toronto's default for an unknown zone", () => {
    expect(utcOffsetMinutes("America/Toronto", new Date("2026-01-15T12:00:00Z")).minutes).toBe(-300);
    expect(utcOffsetMinutes("America/Toronto", new Date("2026-07-15T12:00:00Z")).minutes).toBe(-240);
    expect(utcOffsetMinutes("America/St_Johns", new Date("2026-01-15T12:00:00Z")).minutes).toBe(-210);
    expect(utcOffsetMinutes("America/Regina", new Date("2026-07-15T12:00:00Z")).minutes).toBe(-360);
    expect(utcOffsetMinutes("Mars/Olympus", new Date("2026-01-15T12:00:00Z"))).toEqual({
      zone: "America/Toronto",
      minutes: -300,
    });
  });

  it("carries the offset of the response's day on weekly hours, of their own date on exceptions", () => {
    const base = byId("partners-in-mission-food-bank");
    const s: DirectoryService = {
      ...base,
      schedule: {
        timezone: "America/St_Johns",
        weekly: [{ day: "mo", opens: "09:00", closes: "17:00" }],
        exceptions: [{ date: "2026-07-01", closed: true, opens: null, closes: null, note: "Canada Day" }],
        notes: null,
      },
    };
    const winter = fullService(s, { lang: "en", now: new Date("2026-01-05T15:00:00Z") }).schedules;
    const summer = fullService(s, { lang: "fr", now: new Date("2026-07-06T15:00:00Z") }).schedules;
    expect(winter[0]).toMatchObject({
      opens_at: "09:00-03:30",
      closes_at: "17:00-03:30",
      timezone: -3.5,
      byday: "MO",
    });
    expect(winter[0].description).toBe("Mondays, 09:00 to 17:00");
    expect(summer[0]).toMatchObject({
      opens_at: "09:00-02:30",
      timezone: -2.5,
      description: "Le lundi, de 09:00 à 17:00",
    });
    expect(winter[1]).toMatchObject({
      dtstart: "2026-07-01",
      timezone: -2.5,
      x_closed: true,
      notes: "Canada Day",
    });
    expect(winter[1].description).toBe("Closed on 2026-07-01");
    expect(winter[0].id).toBe(summer[0].id);
  });
});
