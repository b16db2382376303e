/** Name-based UUIDs of the HSDS API: published ids never change. */
import { describe, expect, it } from "vitest";
import { hsdsId, isUuid, uuidV5 } from "./ids.js";

describe("ids", () => {
  it("computes RFC 9562 version 5 UUIDs and keeps published ids fixed", () => {
    const dns = Buffer.from("6ba7b8109dad11d180b400c04fd430c8", "hex");
    expect(uuidV5("python.org", dns)).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
    // A published id must never change: this pins the namespace and the naming scheme.
    expect(hsdsId("service", "partners-in-mission-food-bank")).toBe("228b2bab-0c4c-57db-bbe8-b94ab699d3aa");
    expect(hsdsId("organization", "x")).not.toBe(hsdsId("service", "x"));
    expect(isUuid(hsdsId("phone", "a-ph0"))).toBe(true);
    expect(isUuid("kids-help-phone")).toBe(false);
  });
});
