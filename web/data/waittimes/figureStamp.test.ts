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
    expect(bucketLabel("2026-10-01T00:00:00.000Z", "monthly", tEn, "en")).toBe("October 2026");
    expect(bucketLabel("2026-11-02T00:00:00.000Z", "weekly", tEn, "en")).toBe("week of Nov 2, 2026");
    expect(bucketLabel("2026-11-02T00:00:00.000Z", "daily", tFr, "fr")).toBe("2 nov. 2026");
    expect(bucketLabel("2026-11-02T13:00:00.000Z", "hourly", tEn, "en")).toMatch(
      /^Nov 2, 2026, \d{1,2}:00\s?[AP]M$/,
    );
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

  it("says what a live figure is and its time today, with the date on another day", () => {
    const today = new Date(2026, 10, 24, 14, 15).toISOString();
    expect(figureLabel(today, 3600, "ROLLING_AVG", tEn, "en", now)).toMatch(/^rolling average, 2:15\s?PM$/);
    expect(figureLabel(today, 3600, "ROLLING_AVG", tFr, "fr-CA", now)).toBe("moyenne mobile, 14 h 15");
    const yesterday = new Date(2026, 10, 23, 14, 15).toISOString();
    expect(figureLabel(yesterday, 600, "P90", tEn, "en", now)).toMatch(
      /^90th percentile, Nov 23, 2:15\s?PM$/,
    );
    expect(figureLabel(yesterday, 600, "P90", tFr, "fr-CA", now)).toBe("90e centile, 23 nov., 14 h 15");
  });
});
