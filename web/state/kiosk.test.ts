import { describe, expect, it } from "vitest";
import { kioskFromUrl } from "./kioskFromUrl";

describe("kioskFromUrl", () => {
  it("lets the URL switch kiosk mode on or off", () => {
    expect(kioskFromUrl("?kiosk=1", null)).toBe(true);
    expect(kioskFromUrl("?kiosk=true", "0")).toBe(true);
    expect(kioskFromUrl("?kiosk=0", "1")).toBe(false);
    expect(kioskFromUrl("?q=food&kiosk=false", "1")).toBe(false);
  });

  it("falls back to the stored choice, off by default", () => {
    expect(kioskFromUrl("", "1")).toBe(true);
    expect(kioskFromUrl("?kiosk=maybe", "1")).toBe(true);
    expect(kioskFromUrl("", "0")).toBe(false);
    expect(kioskFromUrl("", null)).toBe(false);
  });
});
