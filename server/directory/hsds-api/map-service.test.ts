/** Every seed service mapped onto our HSDS schemas, in both languages. */
import { describe, expect, it } from "vitest";
import { expectSchema, shapeOf } from "../../../tests/helpers/directory/hsds-api-client.js";
import { loadSeedServices } from "../../../tests/helpers/directory/seed-data.js";
import { fullLink, fullService, serviceSummary } from "./map-service.js";
import { HsdsService, HsdsServiceAtLocation, HsdsServiceSummary } from "./schemas/records.js";

const seed = loadSeedServices();

describe("every seed service maps onto our HSDS schemas", () => {
  it("in both languages, with the same shape, for the list form, the full service and each link", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    for (const s of seed) {
      const en = expectSchema(HsdsService, fullService(s, { lang: "en", now }));
      const fr = expectSchema(HsdsService, fullService(s, { lang: "fr", now }));
      expect(shapeOf(JSON.parse(JSON.stringify(fr))), s.id).toEqual(shapeOf(JSON.parse(JSON.stringify(en))));
      expectSchema(HsdsServiceSummary, serviceSummary(s, "fr"));
      s.locations.forEach((_, i) => {
        expectSchema(HsdsServiceAtLocation, fullLink(s, i, { lang: "en", now }));
      });
    }
  });
});
