import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import type { Translate } from "./describeMethodology";
import { bucketLabel, figureLabel, figureStamp, monthOf } from "./figureStamp";

const tEn: Translate = (key, params) => format(en[key], params);
const tFr: Translate = (key, params) => format(fr[key], params);
const MONTHLY = 30 * 86400;

describe("figureStamp", () => {
  it("stamps a monthly figure with the month it covers, in UTC whatever the reader's zone", () => {
    expect(figureStamp("2026-10-01T00:00:00.000Z", MONTHLY, tEn, "en")).toBe("for October 2026");
    expect(figureStamp("2026-10-01T00:00:00.000Z", MONTHLY, tFr, "fr")).toBe("pour octobre 2026");
    expect(monthOf("2026-11-01T00:00:00.000Z", "en")).toBe("November 2026");
  });

  it("stamps a live figure with its date and time", () => {
    const stamp = figureStamp("2026-11-24T14:05:00.000Z", 600, tEn, "en");
    expect(stamp).toMatch(/^reported Nov 24, 2026, \d{1,2}:05\s?[AP]M$/);
  });
});

describe("bucketLabel", () => {
  it("names each bucket as the period it covers", () => {
    expect(bucketLabel("2026-10-01T00:00:00.000Z", "monthly", tEn, "en", "UTC")).toBe("October 2026");
    expect(bucketLabel("2026-11-02T00:00:00.000Z", "weekly", tEn, "en", "UTC")).toBe("week of Nov 2, 2026");
    expect(bucketLabel("2026-11-02T00:00:00.000Z", "daily", tFr, "fr", "UTC")).toBe("2 nov. 2026");
    expect(bucketLabel("2026-11-02T13:00:00.000Z", "hourly", tEn, "en", "UTC")).toMatch(
      /^Nov 2, 2026, \d{1,2}:00\s?[AP]M$/,
    );
  });

  it("dates a day in the series' calendar: Vancouver's midnight is the day it starts", () => {
    // 08:00 UTC is midnight in Vancouver in November: the day is the 29th there.
    expect(bucketLabel("2026-11-29T08:00:00.000Z", "daily", tEn, "en", "America/Vancouver")).toBe(
      "Nov 29, 2026",
    );
    expect(bucketLabel("2026-11-30T07:00:00.000Z", "weekly", tFr, "fr", "America/Edmonton")).toBe(
      "semaine du 30 nov. 2026",
    );
    // A series saved before the API named its calendar was counted in UTC.
    expect(bucketLabel("2026-11-02T00:00:00.000Z", "daily", tEn, "en", undefined)).toBe("Nov 2, 2026");
  });
});

describe("figureLabel", () => {
  const now = new Date(2026, 10, 24, 16, 0);
  it("says a monthly figure is a monthly average and of which month, so it never reads as current", () => {
    expect(figureLabel("2026-10-01T00:00:00.000Z", MONTHLY, "MEAN", tEn, "en", now)).toBe(
      "monthly average, October 2026",
    );
    expect(figureLabel("2026-10-01T00:00:00.000Z", MONTHLY, "MEAN", tFr, "fr", now)).toBe(
      "moyenne du mois, octobre 2026",
    );
  });

  it("says what a live figure is and its time today, with the date on another day (a daily feed)", () => {
    const today = new Date(2026, 10, 24, 14, 15).toISOString();
    expect(figureLabel(today, 3600, "ROLLING_AVG", tEn, "en", now)).toMatch(/^rolling average, 2:15\s?PM$/);
    expect(figureLabel(today, 3600, "ROLLING_AVG", tFr, "fr-CA", now)).toBe("moyenne mobile, 14 h 15");
    const yesterday = new Date(2026, 10, 23, 14, 15).toISOString();
    expect(figureLabel(yesterday, 86400, "P90", tEn, "en", now)).toMatch(
      /^90th percentile, Nov 23, 2:15\s?PM$/,
    );
    expect(figureLabel(yesterday, 86400, "P90", tFr, "fr-CA", now)).toBe("90e centile, 23 nov., 14 h 15");
  });

  it("says a live figure older than twice its cadence is out of date, with its year, never current", () => {
    const lastYear = new Date(2025, 10, 28, 14, 54).toISOString();
    expect(figureLabel(lastYear, 480, "POINT_ESTIMATE", tEn, "en", now)).toMatch(
      /^out of date: estimate from Nov 28, 2025, 2:54\s?PM$/,
    );
    expect(figureLabel(lastYear, 480, "POINT_ESTIMATE", tFr, "fr-CA", now)).toBe(
      "périmé\u00a0: estimation du 28 nov. 2025, 14 h 54",
    );
    // Today, but three cadences old: out of date, dated so the reader sees how old.
    const earlier = new Date(2026, 10, 24, 14, 0).toISOString();
    expect(figureLabel(earlier, 1800, "P90", tEn, "en", now)).toMatch(
      /^out of date: 90th percentile from Nov 24, 2:00\s?PM$/,
    );
    // Within twice its cadence: as before.
    expect(figureLabel(earlier, 3600, "POINT_ESTIMATE", tEn, "en", now)).toMatch(
      /^current estimate, 2:00\s?PM$/,
    );
  });

  it("writes the year of a live figure from another year that is not out of date", () => {
    const newYear = new Date(2027, 0, 1, 0, 5);
    const eve = new Date(2026, 11, 31, 23, 55).toISOString();
    expect(figureLabel(eve, 3600, "ROLLING_AVG", tEn, "en", newYear)).toMatch(
      /^rolling average, Dec 31, 2026, 11:55\s?PM$/,
    );
  });
});
