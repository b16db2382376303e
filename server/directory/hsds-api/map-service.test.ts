/** Every seed service mapped onto our HSDS schemas, in both languages. */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
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

describe("a service's web address in HSDS", () => {
  it("is written as RFC 3986 requires (HSDS's format: uri), whatever the partner typed", () => {
    const ajv = new Ajv2020();
    addFormats.default(ajv);
    const uri = ajv.compile({ type: "string", format: "uri" });
    const typed = [
      "https://www.exemple.ca/banque alimentaire/épicerie",
      'https://x.example/a{b}|c^d`e"f%zz',
      "https://x.example/plain?q=1&r=2#top",
    ];
    for (const url of typed) {
      const written = serviceSummary({ ...seed[0], url }, "en").url;
      expect(uri(written), `${url} → ${written}`).toBe(true);
      expect(decodeURI(written ?? "")).toContain(new URL(url).hostname);
    }
    expect(serviceSummary({ ...seed[0], url: typed[0] }, "en").url).toBe(
      "https://www.exemple.ca/banque%20alimentaire/%C3%A9picerie",
    );
  });
});
