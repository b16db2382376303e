/**
 * Standard HSDS 3.0 fields survive an import (`directory import`, readHsds): a taxonomy term in
 * `attributes` gives the category, `languages` are kept, a phone's `extension` goes back into its
 * number, a fax line stays a fax, a term of another taxonomy keeps the record (as "community", with
 * a warning), times with a UTC offset keep their wall-clock time in the zone the record names, its
 * province's, else the most populous Canadian zone with that offset (refused naming the field only
 * when no Canadian zone has it), and dated hours with offsets are read. Our own export, the file's and the read
 * API's, imports back as it was. The third-party record follows the shapes of HSDS 3.0's
 * service.json, phone.json, language.json, attribute.json and schedule.json (openreferral/specification, 3.0).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { readPhone } from "../../../shared/directory/phone.js";
import { loadSeedServices } from "../../../tests/helpers/directory/seed-data.js";
import { fullService } from "../hsds-api/map-service.js";
import { readHsds } from "./hsds-io.js";
import { toHsdsService } from "./hsds-json.js";

const seed = loadSeedServices();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "chc-hsds-standard-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Imports these HSDS service objects from a JSON file, as `directory import` reads one. */
const imported = (records: unknown[]) => {
  const file = path.join(dir, "services.json");
  writeFileSync(file, JSON.stringify(records));
  return readHsds(file);
};
const id = (n: number) => `aaaaaaaa-bbbb-4ccc-8ddd-${String(n).padStart(12, "0")}`;
const thirdParty = (patch: Record<string, unknown> = {}) => ({
  id: id(1),
  name: "Eastside Food Cupboard",
  description: "Groceries for families.",
  status: "active",
  organization_id: id(2),
  organization: { id: id(2), name: "Eastside Community Association", description: "" },
  languages: [
    { id: id(3), service_id: id(1), name: "French", code: "fr" },
    { id: id(4), service_id: id(1), name: "Arabic", code: "ar" },
  ],
  attributes: [
    {
      id: id(5),
      link_id: id(1),
      link_type: "service",
      link_entity: "service",
      taxonomy_term_id: "someone-elses-term",
      taxonomy_term: { id: "someone-elses-term", code: "food.pantry", name: "Food" },
    },
  ],
  phones: [
    { id: id(6), service_id: id(1), number: "613-555-0100", extension: 42, type: "voice" },
    { id: id(7), service_id: id(1), number: "613-555-0199", type: "fax" },
  ],
  schedules: [
    {
      id: id(8),
      service_id: id(1),
      freq: "WEEKLY",
      byday: "MO",
      opens_at: "09:00-08:00",
      closes_at: "17:00-08:00",
      timezone: -8,
    },
    {
      id: id(9),
      service_id: id(1),
      valid_from: "2027-07-01",
      valid_to: "2027-07-01",
      dtstart: "2027-07-01",
      opens_at: "10:00-07:00",
      closes_at: "14:00-07:00",
      timezone: -7,
    },
  ],
  ...patch,
});

describe("standard HSDS fields survive an import", () => {
  it("keeps the category of a taxonomy term, languages, extensions, fax lines and the hours' zone", () => {
    const { services, errors } = imported([thirdParty()]);
    expect(errors).toEqual([]);
    const s = services[0].service;
    expect(s.category).toBe("food");
    expect(s.languages).toEqual(["French", "Arabic"]);
    expect(s.phones).toEqual([
      { number: "613-555-0100 ext. 42", label: null },
      { number: "613-555-0199", label: "Fax" },
    ]);
    expect(readPhone(s.phones[0].number, null)).toMatchObject({ e164: "+16135550100", extension: "42" });
    expect(s.schedule).toEqual({
      timezone: "America/Vancouver",
      weekly: [{ day: "mo", opens: "09:00", closes: "17:00" }],
      exceptions: [{ date: "2027-07-01", closed: false, opens: "10:00", closes: "14:00", note: null }],
      notes: null,
    });
  });

  it("keeps, with a warning naming the record and attributes, a record whose terms are another taxonomy's", () => {
    // A 211's record: AIRS codes, none of ours. Before the change that refused it, it was imported
    // as "community"; refusing it refused most of a 211's file.
    const airs = thirdParty({
      attributes: [
        {
          id: id(5),
          taxonomy_term_id: "BD-1800.2000",
          taxonomy_term: { id: "BD-1800.2000", code: "BD-1800.2000", name: "Food Pantries" },
        },
      ],
    });
    const ours = thirdParty({
      id: id(11),
      attributes: [
        { id: id(5), taxonomy_term_id: "BD-1800.2000", taxonomy_term: { name: "Food Pantries" } },
        { id: id(6), taxonomy_term_id: "x", taxonomy_term: { id: "x", code: "food.groceries" } },
      ],
    });
    const { services, errors, warnings } = imported([airs, ours]);
    expect(errors).toEqual([]);
    expect(services.map((s) => [s.service.id, s.service.category])).toEqual([
      [id(1), "community"],
      [id(11), "food"],
    ]);
    expect(warnings.filter((w) => /attributes/.test(w.reason))).toEqual([
      {
        file: "services.json",
        line: 1,
        reason: expect.stringMatching(
          new RegExp(
            `^service #1 ${id(1)}: attributes: no taxonomy term is one of ours \\(BD-1800\\.2000\\); filed under "community"`,
          ),
        ),
      },
    ]);
  });
});

describe("the zone of hours written with a UTC offset", () => {
  const WINTER = new Date("2026-12-01T12:00:00Z");
  const SUMMER = new Date("2027-07-15T12:00:00Z");
  const weekly = (offset: string) => [
    { id: id(8), freq: "WEEKLY", byday: "MO", opens_at: `09:00${offset}`, closes_at: `17:00${offset}` },
  ];
  const dated = (date: string, offset: string) => ({
    id: id(9),
    valid_from: date,
    valid_to: date,
    opens_at: `10:00${offset}`,
    closes_at: `14:00${offset}`,
  });
  const inProvince = (province: string) => [
    {
      id: id(20),
      location_id: id(21),
      location: {
        id: id(21),
        location_type: "physical",
        name: "Hall",
        addresses: [
          { id: id(22), address_1: "1 Main St", city: "Somewhere", state_province: province, country: "CA" },
        ],
      },
    },
  ];
  const zoneOf = (patch: Record<string, unknown>, now: Date) => {
    const { services, errors, warnings } = readHsds(
      (() => {
        const file = path.join(dir, "services.json");
        writeFileSync(file, JSON.stringify([thirdParty({ attributes: [], ...patch })]));
        return file;
      })(),
      { now },
    );
    return { schedule: services[0]?.service.schedule, errors: errors.map((e) => e.reason), warnings };
  };

  it("reads a bare offset as the most populous Canadian zone with it on that day, the times as written", () => {
    const cases: Array<[string, Date, string]> = [
      ["-05:00", WINTER, "America/Toronto"], // not Atikokan, nor Winnipeg's summer
      ["-04:00", SUMMER, "America/Toronto"], // not Halifax's winter
      ["-04:00", WINTER, "America/Halifax"],
      ["-05:00", SUMMER, "America/Winnipeg"],
      ["-06:00", WINTER, "America/Winnipeg"], // not Regina
      ["-07:00", WINTER, "America/Edmonton"], // not Whitehorse
      ["-08:00", WINTER, "America/Vancouver"],
      ["-03:30", WINTER, "America/St_Johns"],
      ["-02:30", SUMMER, "America/St_Johns"],
      ["-08:00", SUMMER, "America/Vancouver"], // written in winter: no zone has it in July
    ];
    for (const [offset, now, zone] of cases) {
      const { schedule, errors, warnings } = zoneOf({ schedules: weekly(offset) }, now);
      expect(errors, `${offset} ${now.toISOString()}`).toEqual([]);
      expect(schedule, `${offset} ${now.toISOString()}`).toMatchObject({
        timezone: zone,
        weekly: [{ day: "mo", opens: "09:00", closes: "17:00" }],
      });
      expect(warnings.map((w) => w.reason)).toEqual([
        expect.stringContaining(`schedules.0.opens_at: the UTC offset ${offset} read as ${zone}`),
      ]);
    }
    // A dated row's own day decides: -04:00 on a summer date is Toronto's, whatever the import's day.
    const { schedule } = zoneOf({ schedules: [...weekly(""), dated("2027-07-01", "-04:00")] }, WINTER);
    expect(schedule?.timezone).toBe("America/Toronto");
    expect(schedule?.exceptions).toEqual([
      { date: "2027-07-01", closed: false, opens: "10:00", closes: "14:00", note: null },
    ]);
  });

  it("takes the zone of the address's province when it has the offset, without a warning", () => {
    const cases: Array<[string, string, Date, string]> = [
      ["ON", "-04:00", WINTER, "America/Toronto"], // written in summer, read in winter: still Ontario
      ["QC", "-05:00", SUMMER, "America/Toronto"],
      ["Saskatchewan", "-06:00", SUMMER, "America/Regina"],
      ["YT", "-07:00", WINTER, "America/Whitehorse"],
      ["NB", "-04:00", WINTER, "America/Halifax"],
    ];
    for (const [province, offset, now, zone] of cases) {
      const { schedule, errors, warnings } = zoneOf(
        { schedules: weekly(offset), service_at_locations: inProvince(province) },
        now,
      );
      expect(errors, province).toEqual([]);
      expect(schedule?.timezone, province).toBe(zone);
      expect(warnings, province).toEqual([]);
    }
    // A province whose zone never has the offset: the offset decides (BC with -05:00 in winter).
    const bc = zoneOf({ schedules: weekly("-05:00"), service_at_locations: inProvince("BC") }, WINTER);
    expect(bc.schedule?.timezone).toBe("America/Toronto");
    // x_timezone comes first of all.
    const named = zoneOf(
      { schedules: weekly("-05:00"), x_timezone: "America/Winnipeg", service_at_locations: inProvince("ON") },
      WINTER,
    );
    expect(named.schedule?.timezone).toBe("America/Winnipeg");
  });

  it("refuses, naming the field, only an offset no Canadian zone has (on a dated row's day)", () => {
    expect(zoneOf({ schedules: weekly("+01:00") }, WINTER).errors).toEqual([
      expect.stringMatching(
        /^service #1: schedules\.0\.opens_at: the UTC offset \+01:00 is no Canadian time zone's;/,
      ),
    ]);
    expect(zoneOf({ schedules: [dated("2027-01-15", "-03:00")] }, SUMMER).errors).toEqual([
      expect.stringMatching(
        /^service #1: schedules\.0\.opens_at: the UTC offset -03:00 is no Canadian time zone's on 2027-01-15;/,
      ),
    ]);
    // Each offset is some zone's, but no one zone has both.
    expect(
      zoneOf({ schedules: [...weekly("-08:00"), { ...dated("2027-01-15", "-03:30"), id: id(10) }] }, WINTER)
        .errors,
    ).toEqual([
      expect.stringMatching(
        /^service #1: schedules\.0\.opens_at: the UTC offset -08:00 is no Canadian time zone's that the other rows' offsets allow/,
      ),
    ]);
  });

  it("a standard file from a 211 and from Ontario, Quebec, Manitoba, Alberta and BC imports whole", () => {
    // The review's file: before the change, all 7 records imported; after it, 2.
    const rec = (n: number, patch: Record<string, unknown>) => ({
      id: id(n),
      name: `Service ${n}`,
      description: "Groceries for families.",
      status: "active",
      organization_id: id(100),
      organization: { id: id(100), name: "Org", description: "" },
      ...patch,
    });
    const records = [
      rec(1, {
        attributes: [
          {
            id: id(5),
            taxonomy_term_id: "BD-1800.2000",
            taxonomy_term: { id: "BD-1800.2000", code: "BD-1800.2000", name: "Food Pantries" },
          },
        ],
      }),
      rec(2, { schedules: weekly("-05:00") }),
      rec(3, { schedules: weekly("-04:00") }),
      rec(4, { schedules: weekly("-06:00") }),
      rec(5, { schedules: weekly("-07:00") }),
      rec(6, { schedules: weekly("-08:00") }),
      rec(7, { schedules: weekly("") }),
    ];
    const { services, errors } = imported(records);
    expect(errors).toEqual([]);
    expect(services.map((s) => s.service.id)).toEqual(records.map((r) => r.id));
    expect(services[0].service.category).toBe("community");
    for (const { service } of services.slice(1))
      expect(service.schedule?.weekly).toEqual([{ day: "mo", opens: "09:00", closes: "17:00" }]);
    expect(services[6].service.schedule?.timezone).toBe("America/Toronto");
  });
});

describe("our own export imports back unchanged", () => {
  const base = seed.find((s) => s.id === "partners-in-mission-food-bank") as DirectoryService;
  const record: DirectoryService = {
    ...base,
    category: "food",
    languages: ["English", "French"],
    phones: [
      { number: "613-549-1232, ext. 1218", label: "Intake" },
      { number: "613-549-0000", label: "Fax" },
    ],
    schedule: {
      timezone: "America/Winnipeg",
      weekly: [{ day: "mo", opens: "08:00", closes: "16:00" }],
      exceptions: [
        { date: "2026-12-24", closed: false, opens: "09:00", closes: "12:00", note: "Short day" },
        { date: "2026-12-25", closed: true, opens: null, closes: null, note: null },
      ],
      notes: null,
    },
  };

  it("from the HSDS file export, every seed record and one with every shape", () => {
    const records = [...seed, record];
    const { services, errors } = imported(records.map(toHsdsService));
    expect(errors).toEqual([]);
    services.forEach(({ service }, i) => {
      const { updatedAt: _a, version: _v, ...back } = service;
      const { updatedAt: _b, version: _w, ...was } = records[i];
      expect(back, records[i].id).toEqual(was);
    });
  });

  it("from the read API's service, in winter and in summer: category, languages, phones and hours", () => {
    for (const now of [new Date("2026-12-01T12:00:00Z"), new Date("2027-04-15T12:00:00Z")]) {
      const served = JSON.parse(JSON.stringify(fullService(record, { lang: "en", now })));
      const { services, errors } = imported([served]);
      expect(errors).toEqual([]);
      const s = services[0].service;
      expect(s.category).toBe(record.category);
      expect(s.languages).toEqual(record.languages);
      expect(s.schedule).toEqual(record.schedule);
      expect(s.phones.map((p) => [readPhone(p.number, p.label), p.label])).toEqual(
        record.phones.map((p) => [readPhone(p.number, p.label), p.label]),
      );
    }
  });
});
