import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { placeNamedIn, provinceAt } from "../geo/canadian-places.js";
import { coverageOf, isOutside, wideLinesFirst } from "./coverage.js";
import type { DirectoryService } from "./types.js";

// The default services, read as data (shared/ imports nothing from server/).
const services = JSON.parse(
  readFileSync(new URL("../../server/directory/seed/services.seed.json", import.meta.url), "utf8"),
) as DirectoryService[];

describe("coverageOf", () => {
  it("finds the area the default services are in: Kingston, Ontario, and around it", () => {
    const area = coverageOf(services);
    expect(area).toMatchObject({ city: "Kingston", province: "ON" });
    expect(area?.center.lat).toBeCloseTo(44.23, 1);
    expect(area?.center.lng).toBeCloseTo(-76.5, 1);
    // Sydenham and Sharbot Lake are in it; Toronto, Montréal and Saskatoon are not.
    expect(isOutside(area!, { lat: 44.41, lng: -76.6 })).toBe(false);
    expect(isOutside(area!, { lat: 44.8, lng: -76.7 })).toBe(false);
    for (const far of ["Toronto", "Montréal", "Saskatoon"])
      expect(isOutside(area!, placeNamedIn(far)!)).toBe(true);
    expect(area?.national).toContain("crisis-988");
    expect(area?.provincial).toContain("crisis-211-ontario");
  });
  it("is null without a local service that has a place", () => {
    expect(coverageOf(services.filter((s) => s.scope !== "local"))).toBeNull();
  });
});

describe("wideLinesFirst", () => {
  const area = { national: ["n1", "n2"], provincial: ["p1"], province: "ON" };
  const ranked = [{ id: "l1" }, { id: "p1" }, { id: "n2" }, { id: "l2" }, { id: "n1" }];
  it("puts national lines first, then the province's when the person is in it, each in ranked order", () => {
    expect(wideLinesFirst(ranked, area, "ON").map((r) => r.id)).toEqual(["n2", "n1", "p1", "l1", "l2"]);
    expect(wideLinesFirst(ranked, area, "SK").map((r) => r.id)).toEqual(["n2", "n1", "l1", "p1", "l2"]);
  });
});

describe("places", () => {
  it("reads a place named in a search, in either language, and the province of a position", () => {
    expect(placeNamedIn("food bank saskatoon")?.province).toBe("SK");
    expect(placeNamedIn("banque alimentaire à Montreal")?.name).toBe("Montréal");
    expect(placeNamedIn("aide Trois-Rivieres")?.province).toBe("QC");
    expect(placeNamedIn("food bank")).toBeNull();
    expect(provinceAt({ lat: 52.1, lng: -106.6 })).toBe("SK");
    expect(provinceAt({ lat: 44.3, lng: -76.5 })).toBe("ON");
  });
});
