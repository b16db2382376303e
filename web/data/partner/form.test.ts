import { describe, expect, it } from "vitest";
import { NAME_MESSAGE, serviceInputSchema, serviceSchema } from "../../../shared/directory/schemas";
import { draftFromService, errorsFromServer, fieldForPath, inputFromDraft, validateDraft } from "./form";

const service = serviceSchema.parse({
  id: "food-bank",
  organizationId: "org-food",
  organizationName: "Food Org",
  name: { en: "Food Bank", fr: "Banque alimentaire" },
  description: { en: "Free groceries.", fr: "Épicerie gratuite." },
  category: "food",
  tags: ["Kingston Resident"],
  searchTerms: { en: ["food"], fr: ["nourriture"] },
  synonyms: { en: [], fr: [] },
  eligibility: "Kingston residents",
  fees: null,
  applicationProcess: null,
  documentsRequired: null,
  languages: ["en", "fr"],
  url: "https://example.org",
  email: null,
  status: "active",
  verificationLevel: "L2",
  lastVerified: "2026-01-03T16:57:50.847Z",
  scope: "local",
  virtual: false,
  provenance: { source: "test", sourceRecordId: null, verifiedBy: null, method: null, evidenceUrl: null },
  phones: [{ number: "613-544-4100", label: null }],
  locations: [
    {
      id: "loc-1",
      type: "physical",
      name: null,
      address: "140 Hickson Ave",
      city: "Kingston",
      province: "ON",
      postalCode: null,
      lat: 44.2,
      lng: -76.5,
    },
  ],
  schedule: {
    timezone: "America/Toronto",
    weekly: [{ day: "mo", opens: "08:30", closes: "16:30" }],
    exceptions: [],
    notes: null,
  },
  version: 4,
  updatedAt: "2026-02-01T00:00:00.000Z",
});

describe("the partner's edit form", () => {
  it("gives back the record unchanged when nothing was edited, carrying the fields the form hides", () => {
    const input = inputFromDraft(draftFromService(service), service);
    expect(serviceInputSchema.parse(input)).toEqual(input);
    const {
      id: _i,
      organizationId: _o,
      organizationName: _n,
      version: _v,
      updatedAt: _u,
      provenance: _p,
      ...rest
    } = service;
    expect(input).toEqual(rest);
  });

  it("turns blanks into null and comma lists into arrays", () => {
    const draft = {
      ...draftFromService(service),
      url: "  ",
      tags: "youth,  food , ",
      applicationEn: "Call us",
    };
    const input = inputFromDraft(draft, service);
    expect(input.url).toBeNull();
    expect(input.tags).toEqual(["youth", "food"]);
    expect(input.applicationProcess).toEqual({ en: "Call us", fr: "" });
  });

  it("puts each schema error on the field that caused it, in the reader's words", () => {
    const draft = draftFromService(service);
    draft.weekly = [{ day: "mo", opens: "25:00", closes: "17:00" }];
    draft.phones = [{ number: " ", label: "Main" }];
    const { input, errors } = validateDraft(draft, service);
    expect(input).toBeNull();
    expect(errors["weekly.0.opens"]).toEqual({ key: "partner.error.time" });
    expect(errors["phones.0.number"]).toEqual({ key: "partner.error.required" });
    expect(Object.keys(errors)).toHaveLength(2);
  });

  it("refuses a phone line nobody could dial or text, as the server does", () => {
    const draft = draftFromService(service);
    draft.phones = [
      { number: "613-544-4100 ext. 12", label: "" },
      { number: "555-1234", label: "Office" },
      { number: "#SAFE", label: "" },
    ];
    const { input, errors } = validateDraft(draft, service);
    expect(input).toBeNull();
    expect(errors).toEqual({ "phones.1.number": { key: "phone.hint.invalid" } });
  });

  it("flags every mistake on the first try, a phone nobody could dial among them", () => {
    const draft = draftFromService(service);
    draft.phones = [{ number: "555", label: "" }];
    draft.weekly = [{ day: "mo", opens: "08:30", closes: "5 pm" }];
    draft.email = "mailto:info@example.org";
    const { input, errors } = validateDraft(draft, service);
    expect(input).toBeNull();
    expect(errors).toEqual({
      "phones.0.number": { key: "phone.hint.invalid" },
      "weekly.0.closes": { key: "partner.error.time" },
      email: { key: "partner.error.email" },
    });
  });

  it("accepts a valid edit and starts a schedule when hours are added to a service without one", () => {
    const draft = draftFromService({ ...service, schedule: null });
    expect(draft.weekly).toEqual([]);
    draft.weekly = [{ day: "sa", opens: "10:00", closes: "14:00" }];
    const { input, errors } = validateDraft(draft, { ...service, schedule: null });
    expect(errors).toEqual({});
    expect(input?.schedule).toEqual({
      timezone: "America/Toronto",
      weekly: [{ day: "sa", opens: "10:00", closes: "14:00" }],
      exceptions: [],
      notes: null,
    });
  });

  it("maps error paths, including the server's dotted ones, to form fields", () => {
    expect(fieldForPath(["name", "fr"])).toBe("nameFr");
    expect(fieldForPath(["schedule", "weekly", 2, "closes"])).toBe("weekly.2.closes");
    expect(fieldForPath(["url"])).toBe("url");
    expect(fieldForPath(["locations", 0, "lat"])).toBe("form");
    expect(
      errorsFromServer({
        issues: [{ path: "phones.1.number", message: "Too small: expected string to have >=1 characters" }],
      }),
    ).toEqual({
      "phones.1.number": {
        key: "partner.error.other",
        params: { message: "Too small: expected string to have >=1 characters" },
      },
    });
  });

  it("requires a name in English, spaces not counting, and lets the French one wait", () => {
    for (const [nameEn, nameFr] of [
      ["", ""],
      ["   ", "  "],
      ["", "Banque alimentaire"],
    ]) {
      const draft = { ...draftFromService(service), nameEn, nameFr };
      const { input, errors } = validateDraft(draft, service);
      expect(input).toBeNull();
      expect(errors).toEqual({ nameEn: { key: "partner.error.required" } });
    }
    const french = validateDraft({ ...draftFromService(service), nameFr: "  " }, service);
    expect(french.errors).toEqual({});
    expect(french.input?.name).toEqual({ en: "Food Bank", fr: "" });
    // The server's 400 for the same name, put back under the field.
    expect(errorsFromServer({ issues: [{ path: "name.en", message: NAME_MESSAGE }] })).toEqual({
      nameEn: { key: "partner.error.required" },
    });
  });

  it("refuses an opening that closes when it opens, and keeps hours that run past midnight", () => {
    const draft = draftFromService(service);
    draft.weekly = [
      { day: "mo", opens: "08:30", closes: "08:30" },
      { day: "fr", opens: "17:00", closes: "09:00" },
    ];
    const { input, errors } = validateDraft(draft, service);
    expect(input).toBeNull();
    expect(errors).toEqual({ "weekly.0.closes": { key: "partner.error.sameTimes" } });
    draft.weekly = draft.weekly.slice(1);
    expect(validateDraft(draft, service).errors).toEqual({});
  });

  it("explains a refused website, email or phone number in the reader's words", () => {
    const draft = draftFromService(service);
    draft.url = "javascript:alert(1)";
    draft.email = "mailto:info@example.org";
    draft.phones = [{ number: "data:text/html,x", label: "" }];
    const { input, errors } = validateDraft(draft, service);
    expect(input).toBeNull();
    expect(errors).toMatchObject({
      url: { key: "partner.error.webAddress" },
      email: { key: "partner.error.email" },
      "phones.0.number": { key: "partner.error.phone" },
    });
  });

  // Noon in Kingston on December 20, 2026: the calendar that decides what has passed is the service's.
  const now = new Date("2026-12-20T17:00:00Z");

  it("edits dated closures from today on, and drops the ones that have passed on saving", () => {
    const withClosures = {
      ...service,
      schedule: {
        ...service.schedule!,
        exceptions: [
          { date: "2026-12-26", closed: false, opens: "10:00", closes: "14:00", note: "Boxing Day" },
          { date: "2026-11-11", closed: true, opens: null, closes: null, note: "Remembrance Day" },
          { date: "2026-12-20", closed: true, opens: null, closes: null, note: null },
        ],
      },
    };
    const draft = draftFromService(withClosures, now);
    expect(draft.exceptions).toEqual([
      { date: "2026-12-20", closed: true, opens: "", closes: "", note: "" },
      { date: "2026-12-26", closed: false, opens: "10:00", closes: "14:00", note: "Boxing Day" },
    ]);
    draft.exceptions.push({ date: "2026-12-24", closed: true, opens: "9:00", closes: "", note: " Holiday " });
    const { input, errors } = validateDraft(draft, withClosures, now);
    expect(errors).toEqual({});
    expect(input?.schedule?.exceptions).toEqual([
      { date: "2026-12-20", closed: true, opens: null, closes: null, note: null },
      { date: "2026-12-26", closed: false, opens: "10:00", closes: "14:00", note: "Boxing Day" },
      { date: "2026-12-24", closed: true, opens: null, closes: null, note: "Holiday" },
    ]);
  });

  it("flags a closure's missing or past date, a date listed twice and half of its other hours, all at once", () => {
    const draft = draftFromService(service, now);
    draft.exceptions = [
      { date: "", closed: true, opens: "", closes: "", note: "" },
      { date: "2026-12-19", closed: true, opens: "", closes: "", note: "" },
      { date: "2026-12-24", closed: false, opens: "10:00", closes: "", note: "" },
      { date: "2026-12-24", closed: false, opens: "10:00", closes: "10:00", note: "" },
      { date: "2026-12-31", closed: false, opens: "", closes: "", note: "Staff training" },
    ];
    const { input, errors } = validateDraft(draft, service, now);
    expect(input).toBeNull();
    expect(errors).toEqual({
      "exceptions.0.date": { key: "partner.error.required" },
      "exceptions.1.date": { key: "partner.closure.error.past" },
      "exceptions.2.closes": { key: "partner.error.required" },
      "exceptions.3.date": { key: "partner.closure.error.sameDate" },
      "exceptions.3.closes": { key: "partner.error.sameTimes" },
    });
  });

  it("edits the address lines, writes a Canadian postal code as Canada Post does, and drops a moved address's map point", () => {
    const draft = draftFromService(service);
    expect(draft.locations[0]).toMatchObject({
      address: "140 Hickson Ave",
      city: "Kingston",
      postalCode: "",
    });
    draft.locations[0].postalCode = "k7k 2n6";
    let input = validateDraft(draft, service).input;
    expect(input?.locations[0]).toMatchObject({ postalCode: "K7K 2N6", lat: null, lng: null });
    // Unchanged, the map point stays.
    expect(validateDraft(draftFromService(service), service).input?.locations[0]).toMatchObject({
      lat: 44.2,
      lng: -76.5,
    });
    draft.locations[0] = { ...draft.locations[0], address: "  ", city: "", postalCode: "K7K2N6" };
    input = inputFromDraft(draft, service);
    expect(input.locations[0]).toMatchObject({ address: null, city: null, postalCode: "K7K 2N6" });
  });

  it("refuses a postal code that is not Canadian for a Canadian province, and an address with neither street nor city", () => {
    const draft = draftFromService(service);
    draft.locations.push({ ...draft.locations[0], id: "loc-2", address: "", city: "", postalCode: "" });
    draft.locations[0].postalCode = "12345";
    expect(validateDraft(draft, service).errors).toEqual({
      "locations.0.postalCode": { key: "partner.address.error.postalCode" },
      "locations.1.address": { key: "partner.address.error.empty" },
    });
    // An address outside Canada (an import's head office) keeps its own kind of code.
    draft.locations = [{ ...draft.locations[0], province: "CA", postalCode: "94104" }];
    expect(validateDraft(draft, service).errors).toEqual({});
    expect(fieldForPath(["locations", 0, "postalCode"])).toBe("locations.0.postalCode");
  });
});
