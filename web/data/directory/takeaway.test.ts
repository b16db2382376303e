import { describe, expect, it } from "vitest";
import { en } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import { hoursChangeLines } from "./hoursChanges";
import type { SavedService } from "./savedService";
import { hoursLines, serviceVCard, type Translate } from "./takeaway";

const tEn: Translate = (key, params) => format(en[key], params);
const tFr: Translate = (key, params) => format(fr[key], params);

const service = {
  organizationName: "Addiction and Mental Health Services, KFL&A",
  phones: [
    { number: "613-544-4229", label: "Kingston" },
    { number: "613-549-1232 ext. 1218", label: null },
    { number: "988", label: null },
  ],
  locations: [
    {
      type: "physical",
      name: null,
      address: "552 Princess Street, Kingston, ON K7L 1C7",
      city: "Kingston",
      province: "ON",
      postalCode: "K7L 1C7",
    },
  ],
  schedule: {
    weekly: [
      { day: "tu", opens: "13:00", closes: "17:00" },
      { day: "mo", opens: "09:00", closes: "12:00" },
      { day: "mo", opens: "13:00", closes: "17:00" },
    ],
  },
} as unknown as SavedService;

describe("serviceVCard", () => {
  it("holds the name, every phone with its extension, the street address and the hours, and no link", () => {
    expect(serviceVCard(service, "Crisis Line; 24/7", "en", tEn).split("\r\n")).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Crisis Line\\; 24/7",
      "ORG:Addiction and Mental Health Services\\, KFL&A",
      "TEL;TYPE=VOICE:613-544-4229",
      "TEL;TYPE=VOICE:613-549-1232 ext. 1218",
      "TEL;TYPE=VOICE:988",
      "ADR;TYPE=WORK:;;552 Princess Street;Kingston;ON;K7L 1C7;Canada",
      "NOTE:Opening hours: Monday: 9 AM–12 PM\\, 1 PM–5 PM\\; Tuesday: 1 PM–5 PM",
      "END:VCARD",
    ]);
  });

  it("writes the hours in the page's language", () => {
    expect(serviceVCard(service, "Ligne de crise", "fr", tFr)).toContain(
      "NOTE:Heures d’ouverture\u00a0: Lundi\u00a0: 9 h à 12 h\\, 13 h à 17 h\\; Mardi\u00a0: 13 h à 17 h",
    );
  });
});

describe("hoursLines", () => {
  it("joins consecutive days with the same hours into one line", () => {
    const week = ["mo", "tu", "we", "th", "fr"].map((day) => ({ day, opens: "09:00", closes: "17:00" }));
    const s = { schedule: { weekly: [...week, { day: "su", opens: "10:00", closes: "14:00" }] } };
    expect(hoursLines(s as unknown as SavedService, "en", tEn)).toEqual([
      "Monday–Friday: 9 AM–5 PM",
      "Sunday: 10 AM–2 PM",
    ]);
  });
});

describe("closures on what a person takes away", () => {
  const withClosures = {
    ...service,
    schedule: {
      timezone: "America/Toronto",
      notes: null,
      weekly: [{ day: "th", opens: "09:00", closes: "17:00" }],
      exceptions: [
        { date: "2026-12-24", closed: true, opens: null, closes: null, note: "Holiday" },
        { date: "2026-12-31", closed: false, opens: "09:00", closes: "12:00", note: null },
        // Past, and beyond the four weeks ahead: neither is written.
        { date: "2026-11-26", closed: true, opens: null, closes: null, note: null },
        { date: "2027-02-04", closed: true, opens: null, closes: null, note: null },
      ],
    },
  } as unknown as SavedService;
  const now = new Date("2026-12-20T15:00:00Z");

  it("the contact card's note gives the coming closures and changed hours, dated, after the usual hours", () => {
    expect(serviceVCard(withClosures, "Food bank", "en", tEn, now)).toContain(
      "NOTE:Opening hours: Thursday: 9 AM–5 PM\\nClosures and changed hours: Thursday\\, December 24: Closed (Holiday)\\; Thursday\\, December 31: 9 AM–12 PM",
    );
  });

  it("in French on a French page", () => {
    expect(hoursChangeLines(withClosures.schedule, now, "fr", tFr)).toEqual([
      "jeudi 24 décembre\u00a0: Fermé (Holiday)",
      "jeudi 31 décembre\u00a0: 9 h à 12 h",
    ]);
  });
});
