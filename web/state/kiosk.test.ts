import { describe, expect, it } from "vitest";
import { kioskRequestFromUrl, withoutKioskParam } from "./kioskFromUrl";
import { parseKioskSettings, readSettingsInput } from "./kioskSettings";

describe("kioskRequestFromUrl", () => {
  it("reads ?kiosk= as a request to turn kiosk mode on or off, never as the mode itself", () => {
    expect(kioskRequestFromUrl("?kiosk=1")).toBe("on");
    expect(kioskRequestFromUrl("?kiosk=true")).toBe("on");
    expect(kioskRequestFromUrl("?kiosk=0")).toBe("off");
    expect(kioskRequestFromUrl("?q=food&kiosk=false")).toBe("off");
    expect(kioskRequestFromUrl("?kiosk=maybe")).toBeNull();
    expect(kioskRequestFromUrl("")).toBeNull();
  });

  it("drops only the kiosk parameter from the address", () => {
    expect(withoutKioskParam("/search", "?q=food&kiosk=1", "")).toBe("/search?q=food");
    expect(withoutKioskParam("/", "?kiosk=0", "#main")).toBe("/#main");
  });
});

describe("kiosk settings", () => {
  it("falls back to two minutes with a 30-second warning in the given language", () => {
    expect(parseKioskSettings(null, "fr")).toEqual({ idleSeconds: 120, warningSeconds: 30, language: "fr" });
    expect(parseKioskSettings("not json", "en")).toEqual({
      idleSeconds: 120,
      warningSeconds: 30,
      language: "en",
    });
  });

  it("keeps stored values in range and replaces the others", () => {
    const stored = JSON.stringify({ idleSeconds: 45, warningSeconds: 10, language: "fr" });
    expect(parseKioskSettings(stored, "en")).toEqual({ idleSeconds: 45, warningSeconds: 10, language: "fr" });
    const wrong = JSON.stringify({ idleSeconds: 5, warningSeconds: 500, language: "de" });
    expect(parseKioskSettings(wrong, "en")).toEqual({ idleSeconds: 120, warningSeconds: 30, language: "en" });
    // A warning as long as the whole wait would leave no quiet time before it.
    const tooLong = JSON.stringify({ idleSeconds: 30, warningSeconds: 30 });
    expect(parseKioskSettings(tooLong, "en")).toMatchObject({ idleSeconds: 30, warningSeconds: 15 });
  });

  it("accepts whole seconds in range from the setup form, the warning shorter than the wait", () => {
    expect(readSettingsInput("60", "15", "en")).toEqual({
      settings: { idleSeconds: 60, warningSeconds: 15, language: "en" },
    });
    expect(readSettingsInput("1.5", "15", "en")).toEqual({ invalid: ["idleSeconds"] });
    expect(readSettingsInput("60", "60", "en")).toEqual({ invalid: ["warningSeconds"] });
    expect(readSettingsInput("", "abc", "en")).toEqual({ invalid: ["idleSeconds", "warningSeconds"] });
    expect(readSettingsInput("99999", "4", "en")).toEqual({ invalid: ["idleSeconds", "warningSeconds"] });
  });
});
