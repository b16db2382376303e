import { describe, expect, it } from "vitest";
import { formatWait } from "./formatWait";

describe("formatWait", () => {
  it("writes minutes as hours and minutes", () => {
    expect(formatWait(135, "TIME_TO_PROVIDER", "en")).toBe("2 h 15 min");
    expect(formatWait(65.4, "TOTAL_LOS", "fr")).toBe("1 h 05 min");
    expect(formatWait(45, "TIME_TO_PROVIDER", "en")).toBe("45 min");
    expect(formatWait(-3, "TIME_TO_PROVIDER", "en")).toBe("0 min");
  });

  it("writes occupancy as a percentage in the reader's language", () => {
    expect(formatWait(87, "STRETCHER_OCCUPANCY", "en")).toBe("87%");
    expect(formatWait(112.4, "STRETCHER_OCCUPANCY", "fr")).toMatch(/^112\s%$/);
  });
});
