/**
 * The HSDS API's building blocks, with fixed inputs: name-based UUIDs, UTC offsets and schedules
 * on given days, language codes, postal codes, the published taxonomy and which terms a service
 * carries, and the mapping of every seed service against our HSDS schemas in both languages.
 */
import { describe, expect, it } from "vitest";
import { hsdsId, isUuid, uuidV5 } from "../../server/directory/hsds-api/ids.js";
import { languageCode, languageName } from "../../server/directory/hsds-api/languages.js";
import { fullLink, fullService, serviceSummary } from "../../server/directory/hsds-api/map-service.js";
import { parsePostcode } from "../../server/directory/hsds-api/regions.js";
import { utcOffsetMinutes } from "../../server/directory/hsds-api/schedules.js";
import {
  HsdsService,
  HsdsServiceAtLocation,
  HsdsServiceSummary,
} from "../../server/directory/hsds-api/schemas/records.js";
import { TERMS, termsForService } from "../../server/directory/hsds-api/taxonomy.js";
import { CATEGORIES, type DirectoryService } from "../../shared/directory/index.js";
import { expectSchema, shapeOf } from "./hsds-api-client.js";
import { loadSeedServices } from "./seed-data.js";

const seed = loadSeedServices();
const byId = (id: string) => seed.find((s) => s.id === id) as DirectoryService;

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

describe("time zones and schedules", () => {
  it("finds the UTC offset in force on a given day, Toronto's default for an unknown zone", () => {
    expect(utcOffsetMinutes("America/Toronto", new Date("2026-01-15T12:00:00Z")).minutes).toBe(-300);
    expect(utcOffsetMinutes("America/Toronto", new Date("2026-07-15T12:00:00Z")).minutes).toBe(-240);
    expect(utcOffsetMinutes("America/St_Johns", new Date("2026-01-15T12:00:00Z")).minutes).toBe(-210);
    expect(utcOffsetMinutes("America/Regina", new Date("2026-07-15T12:00:00Z")).minutes).toBe(-360);
    expect(utcOffsetMinutes("Mars/Olympus", new Date("2026-01-15T12:00:00Z"))).toEqual({
      zone: "America/Toronto",
      minutes: -300,
    });
  });

  it("carries the offset of the response's day on weekly hours, of their own date on exceptions", () => {
    const base = byId("partners-in-mission-food-bank");
    const s: DirectoryService = {
      ...base,
      schedule: {
        timezone: "America/St_Johns",
        weekly: [{ day: "mo", opens: "09:00", closes: "17:00" }],
        exceptions: [{ date: "2026-07-01", closed: true, opens: null, closes: null, note: "Canada Day" }],
        notes: null,
      },
    };
    const winter = fullService(s, { lang: "en", now: new Date("2026-01-05T15:00:00Z") }).schedules;
    const summer = fullService(s, { lang: "fr", now: new Date("2026-07-06T15:00:00Z") }).schedules;
    expect(winter[0]).toMatchObject({
      opens_at: "09:00-03:30",
      closes_at: "17:00-03:30",
      timezone: -3.5,
      byday: "MO",
    });
    expect(winter[0].description).toBe("Mondays, 09:00 to 17:00");
    expect(summer[0]).toMatchObject({
      opens_at: "09:00-02:30",
      timezone: -2.5,
      description: "Le lundi, de 09:00 à 17:00",
    });
    expect(winter[1]).toMatchObject({
      dtstart: "2026-07-01",
      timezone: -2.5,
      x_closed: true,
      notes: "Canada Day",
    });
    expect(winter[1].description).toBe("Closed on 2026-07-01");
    expect(winter[0].id).toBe(summer[0].id);
  });
});

describe("languages", () => {
  it("gives ISO 639 codes for names in English or French, and none for names it cannot place", () => {
    expect(languageCode("English")).toBe("en");
    expect(languageCode(" français ")).toBe("fr");
    expect(languageCode("Cree")).toBe("cr");
    expect(languageCode("Inuktitut")).toBe("iu");
    expect(languageCode("Ojibway")).toBe("oj");
    expect(languageCode("Mi'kmaq")).toBe("mic");
    expect(languageCode("Punjabi")).toBe("pa");
    expect(languageCode("es")).toBe("es");
    expect(languageCode("Elvish")).toBeNull();
    expect(languageCode("xx")).toBeNull();
    expect(languageName("anglais", "en", "en")).toBe("English");
    expect(languageName("English", "en", "fr")).toBe("Anglais");
    expect(languageName("LSQ", "fcs", "fr")).toBe("Langue des signes québécoise");
    expect(languageName("Elvish", null, "fr")).toBe("Elvish");
  });
});

describe("postal codes", () => {
  it("reads Canadian postal codes and their province from the first letter", () => {
    expect(parsePostcode("k7l1g5")).toEqual({ text: "K7L 1G5", fsa: "K7L", provinces: ["ON"] });
    expect(parsePostcode(" H3B  4G7 ")?.provinces).toEqual(["QC"]);
    expect(parsePostcode("X0A")).toEqual({ text: "X0A", fsa: "X0A", provinces: ["NT", "NU"] });
    expect(parsePostcode("D1A 1A1")).toBeNull();
    expect(parsePostcode("94104")).toBeNull();
  });
});

describe("taxonomy", () => {
  it("has a top-level term per category, unique codes and ids, and every parent published", () => {
    const top = TERMS.filter((t) => t.parentId === null).map((t) => t.code);
    expect(top).toEqual([...CATEGORIES]);
    expect(new Set(TERMS.map((t) => t.code)).size).toBe(TERMS.length);
    expect(new Set(TERMS.map((t) => t.id)).size).toBe(TERMS.length);
    const ids = new Set(TERMS.map((t) => t.id));
    expect(TERMS.every((t) => t.parentId === null || ids.has(t.parentId))).toBe(true);
    expect(TERMS.every((t) => t.name.en && t.name.fr && t.description.en && t.description.fr)).toBe(true);
  });

  it("gives each service its category first and the needs its terms, synonyms or tags name", () => {
    for (const s of seed) expect(termsForService(s)[0].code).toBe(s.category);
    const codes = (s: DirectoryService) => termsForService(s).map((t) => t.code);
    expect(codes(byId("partners-in-mission-food-bank"))).toEqual(
      expect.arrayContaining(["food", "food.groceries"]),
    );
    const clinic: DirectoryService = {
      ...byId("partners-in-mission-food-bank"),
      category: "health",
      searchTerms: { en: ["family doctor"], fr: [] },
      synonyms: { en: [], fr: [] },
      tags: ["Youth (16-24)", "Newcomers / Refugees"],
    };
    // "family doctor" is a whole search term of primary care, not the families need; tags match word for word.
    expect(codes(clinic)).toEqual([
      "health",
      "health.primary-care",
      "community.youth",
      "community.newcomers",
    ]);
    const used = new Set(seed.flatMap(codes));
    expect(used.size).toBeGreaterThan(TERMS.length / 2);
  });
});

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
