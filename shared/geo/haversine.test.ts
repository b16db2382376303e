import { describe, expect, it } from "vitest";
import { haversineKm } from "./haversine.js";

describe("shared/geo", () => {
  it("gives the great-circle distance in km", () => {
    // Kingston City Hall to Toronto City Hall: about 230 km as the crow flies.
    const d = haversineKm({ lat: 44.2303, lng: -76.4807 }, { lat: 43.6534, lng: -79.3841 });
    expect(d).toBeGreaterThan(235);
    expect(d).toBeLessThan(245);
    expect(haversineKm({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
  });
});
