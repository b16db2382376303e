import { describe, expect, it } from "vitest";
import { bucketStart, bucketsBefore, localDate, nextBucketStart } from "./time-buckets.js";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (s: number) => new Date(s * 1000).toISOString();
const VAN = "America/Vancouver";

describe("calendar buckets in a province's time zone", () => {
  it("starts a day at the zone's midnight, so an evening stays on its day", () => {
    // 20:00 in Vancouver on 29 November is 04:00 UTC on the 30th.
    expect(iso(bucketStart(at("2026-11-30T04:00:00Z"), "d", VAN))).toBe("2026-11-29T08:00:00.000Z");
    expect(localDate(at("2026-11-30T04:00:00Z"), VAN)).toBe("2026-11-29");
    expect(iso(bucketStart(at("2026-11-30T04:00:00Z"), "d"))).toBe("2026-11-30T00:00:00.000Z"); // UTC
  });

  it("lets the days daylight time begins and ends last 23 and 25 hours", () => {
    const spring = bucketStart(at("2026-03-08T20:00:00Z"), "d", VAN);
    expect(iso(spring)).toBe("2026-03-08T08:00:00.000Z");
    expect(nextBucketStart(spring, "d", VAN) - spring).toBe(23 * 3600);
    const fall = bucketStart(at("2026-11-01T20:00:00Z"), "d", VAN);
    expect(iso(fall)).toBe("2026-11-01T07:00:00.000Z");
    expect(nextBucketStart(fall, "d", VAN) - fall).toBe(25 * 3600);
    expect(iso(bucketsBefore(nextBucketStart(fall, "d", VAN), 2, "d", VAN))).toBe("2026-10-31T07:00:00.000Z");
  });

  it("starts weeks on Monday and months on the 1st, at the zone's midnight", () => {
    expect(iso(bucketStart(at("2026-11-30T04:00:00Z"), "w", VAN))).toBe("2026-11-23T08:00:00.000Z");
    expect(iso(bucketStart(at("2026-12-01T05:00:00Z"), "m", VAN))).toBe("2026-11-01T07:00:00.000Z");
    expect(iso(nextBucketStart(at("2026-11-01T07:00:00Z"), "m", VAN))).toBe("2026-12-01T08:00:00.000Z");
    expect(iso(bucketsBefore(at("2026-11-01T07:00:00Z"), 11, "m", VAN))).toBe("2025-12-01T08:00:00.000Z");
  });

  it("leaves hours as they were", () => {
    expect(iso(bucketStart(at("2026-11-30T04:35:00Z"), "h", VAN))).toBe("2026-11-30T04:00:00.000Z");
    expect(nextBucketStart(at("2026-11-30T04:00:00Z"), "h", VAN) - at("2026-11-30T04:00:00Z")).toBe(3600);
  });
});
