/** Every seed service mapped onto our HSDS schemas, in both languages. */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { expectSchema, shapeOf } from "../../../tests/helpers/directory/hsds-api-client.js";
import { loadSeedServices } from "../../../tests/helpers/directory/seed-data.js";
import { toHsdsService } from "../hsds/hsds-json.js";
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
      expectSchema(HsdsServiceSummary, serviceSummary(s, "fr", new Date()));
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
      const written = serviceSummary({ ...seed[0], url }, "en", new Date()).url;
      expect(uri(written), `${url} → ${written}`).toBe(true);
      expect(decodeURI(written ?? "")).toContain(new URL(url).hostname);
    }
    expect(serviceSummary({ ...seed[0], url: typed[0] }, "en", new Date()).url).toBe(
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

describe("a service's phones in HSDS", () => {
  it("carry the extension apart from the number, and the type of line the record says", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const lines = [
      { number: "613-542-2949 ext. 2165", label: null },
      { number: "613-549-1232, poste 1218", label: "Bureau" },
      { number: "686868", label: "SMS" },
      { number: "Text 613-555-0142", label: null },
      { number: "1-866-863-0511", label: "Toll-Free" },
      { number: "988", label: null },
      { number: "613-555-0199", label: "Fax" },
      { number: "1-800-855-0511", label: "TTY" },
      // A leading zero would be lost in HSDS's numeric extension: the number keeps it.
      { number: "613-555-0100 ext. 0456", label: null },
    ];
    const phones = expectSchema(HsdsService, fullService({ ...seed[0], phones: lines }, { lang: "en", now }))
      .phones as Array<{ number: string; extension?: number; type?: string; description?: string }>;
    expect(
      phones.map(({ number, extension, type, description }) => ({ number, extension, type, description })),
    ).toEqual([
      { number: "613-542-2949", extension: 2165, type: "voice", description: undefined },
      { number: "613-549-1232", extension: 1218, type: "voice", description: "Bureau" },
      { number: "686868", extension: undefined, type: "text", description: "SMS" },
      { number: "Text 613-555-0142", extension: undefined, type: "text", description: undefined },
      { number: "1-866-863-0511", extension: undefined, type: "voice", description: "Toll-Free" },
      { number: "988", extension: undefined, type: "voice", description: undefined },
      { number: "613-555-0199", extension: undefined, type: "fax", description: "Fax" },
      { number: "1-800-855-0511", extension: undefined, type: "textphone", description: "TTY" },
      { number: "613-555-0100 ext. 0456", extension: undefined, type: "voice", description: undefined },
    ]);
  });
});

describe("a service's assured_date", () => {
  it("is the day it was last checked, and none for a stored value that is no date", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const assured = (lastVerified: string | null) => ({
      summary: serviceSummary({ ...seed[0], lastVerified }, "en", now).assured_date,
      file: toHsdsService({ ...seed[0], lastVerified }).assured_date,
    });
    expect(assured("2026-01-03T14:53:40.749Z")).toEqual({ summary: "2026-01-03", file: "2026-01-03" });
    expect(assured("2026-02-28")).toEqual({ summary: "2026-02-28", file: "2026-02-28" });
    // Written before lastVerified was checked on input: published as no date, never as the text.
    for (const stored of ["yesterday", "2026-02-30", "2026-02-30T10:00:00Z", "soon-ish"])
      expect(assured(stored), stored).toEqual({ summary: undefined, file: null });
    expect(assured(null)).toEqual({ summary: undefined, file: null });
    expectSchema(HsdsServiceSummary, serviceSummary({ ...seed[0], lastVerified: "yesterday" }, "en", now));
  });
});
