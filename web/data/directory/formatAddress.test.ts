import { describe, expect, it } from "vitest";
import { formatAddress } from "./formatAddress";

describe("formatAddress", () => {
  it("leaves out parts the street line already contains", () => {
    expect(formatAddress(["87 Union Street, Kingston, ON K7L 2N9", "Kingston", "ON", "K7L 2N9"])).toBe(
      "87 Union Street, Kingston, ON K7L 2N9",
    );
  });

  it("joins distinct parts and skips empty ones", () => {
    expect(formatAddress(["Main office", "12 King St", null, "Ottawa", "ON", ""])).toBe(
      "Main office, 12 King St, Ottawa, ON",
    );
    expect(formatAddress([null, undefined])).toBe("");
  });
});
