import { describe, expect, it } from "vitest";
import { directionsLinks } from "./directions";

describe("directionsLinks", () => {
  it("points a geo: URI and OpenStreetMap at the coordinates", () => {
    expect(directionsLinks(45.511757, -73.556331, "1000, rue Saint-Denis")).toEqual({
      geo: "geo:45.511757,-73.556331",
      map: "https://www.openstreetmap.org/?mlat=45.511757&mlon=-73.556331#map=17/45.511757/-73.556331",
    });
    expect(directionsLinks(44.2253, -76.4951123456, null)?.geo).toBe("geo:44.2253,-76.495112");
  });

  it("searches for the address when there are no coordinates, and gives nothing without either", () => {
    expect(directionsLinks(null, null, "263 Weller Ave, Kingston")).toEqual({
      geo: "geo:0,0?q=263%20Weller%20Ave%2C%20Kingston",
      map: "https://www.openstreetmap.org/search?query=263%20Weller%20Ave%2C%20Kingston",
    });
    expect(directionsLinks(null, null, "  ")).toBeNull();
  });
});
