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

describe("the ids of a service's phones and schedule rows", () => {
  it("stay with their phone or row when others are added, removed or reordered", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const base = seed.find((s) => s.id === "assaulted-womens-helpline") as (typeof seed)[number];
    const hours = (day: "mo" | "tu", opens: string, closes: string) => ({ day, opens, closes });
    const christmas = { date: "2026-12-25", closed: true, opens: null, closes: null, note: null };
    const newYearsEve = {
      date: "2026-12-31",
      closed: false,
      opens: "09:00",
      closes: "12:00",
      note: "Short day",
    };
    const before = {
      ...base,
      schedule: {
        timezone: "America/Toronto",
        notes: null,
        weekly: [hours("mo", "09:00", "12:00"), hours("mo", "13:00", "17:00"), hours("tu", "09:00", "17:00")],
        exceptions: [christmas, newYearsEve],
      },
    };
    const after = {
      ...before,
      // The first phone removed, one added in front; the first Monday row and Christmas removed, the rest reordered.
      phones: [{ number: "613-555-0100", label: "Office" }, base.phones[1]],
      schedule: {
        ...before.schedule,
        weekly: [hours("tu", "09:00", "17:00"), hours("mo", "13:00", "17:00")],
        exceptions: [newYearsEve],
      },
    };
    /** Each phone and row by what it says, at the service and at each of its sites. */
    const idsOf = (s: typeof before) => {
      const h = fullService(s, { lang: "en", now });
      return new Map<string, string>([
        ...h.phones.map((p) => [`phone ${p.number}`, p.id] as const),
        ...h.schedules.map((r) => [`service ${r.description}`, r.id] as const),
        ...h.service_at_locations.flatMap((l) =>
          l.schedules.map((r) => [`${l.location_id} ${r.description}`, r.id] as const),
        ),
      ]);
    };
    const was = idsOf(before);
    const later = idsOf(after);
    expect(new Set(was.values()).size, "every id distinct").toBe(was.size);
    expect(new Set(later.values()).size, "every id distinct").toBe(later.size);
    for (const [what, id] of later) if (was.has(what)) expect(id, what).toBe(was.get(what));
    const gone = [...was].filter(([what]) => !later.has(what)).map(([, id]) => id);
    // The toll-free line; the Monday morning and Christmas, each at the service and at its site.
    expect(gone).toHaveLength(5);
    for (const id of gone)
      expect([...later.values()], "a removed row's id passes to another").not.toContain(id);
  });
});
