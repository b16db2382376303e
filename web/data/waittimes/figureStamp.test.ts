import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import type { Translate } from "./describeMethodology";
import { bucketLabel, figureStamp, monthOf } from "./figureStamp";

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
