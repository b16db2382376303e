import { describe, expect, it } from "vitest";
import { en, type MessageKey } from "../../i18n/en";
import { fr } from "../../i18n/fr";
import { format } from "../../i18n/language";
import { diffVersions, displayValue, wordChanges } from "./diff";

const tr = (key: MessageKey, params?: Record<string, string | number>) => format(en[key], params);
const trFr = (key: MessageKey, params?: Record<string, string | number>) => format(fr[key], params);

const base = {
  name: { en: "Food Bank", fr: "Banque alimentaire" },
  category: "food",
  phones: [{ number: "613-544-4100", label: null }],
  schedule: {
    timezone: "America/Toronto",
    weekly: [{ day: "mo", opens: "08:30", closes: "16:30" }],
    exceptions: [],
    notes: null,
  },
  virtual: false,
  url: "https://example.org",
};

describe("comparing two versions of a service", () => {
  it("lists only the fields that differ, each value in words", () => {
    const mine = { ...base, phones: [{ number: "613-544-4100", label: "Main line" }], virtual: true };
    const theirs = {
      ...base,
      schedule: { ...base.schedule, weekly: [{ day: "tu", opens: "09:00", closes: "12:00" }] },
      version: 7,
      organizationName: "ignored: not compared",
    };
    expect(diffVersions(mine, theirs, tr, "en")).toEqual([
      { field: "phones", mine: "613-544-4100 (Main line)", theirs: "613-544-4100" },
      { field: "schedule", mine: "Monday 08:30–16:30", theirs: "Tuesday 09:00–12:00" },
      { field: "virtual", mine: "Yes", theirs: "No" },
    ]);
  });

  it("tells a change of closures apart, with each closure dated in the page's language", () => {
    const closed = { date: "2026-12-24", closed: true, opens: null, closes: null, note: "Holiday" };
    const theirs = { ...base, schedule: { ...base.schedule, exceptions: [closed] } };
    expect(diffVersions(base, theirs, tr, "en")).toEqual([
      {
        field: "schedule",
        mine: "Monday 08:30–16:30",
        theirs: "Monday 08:30–16:30; Thursday, December 24: Closed (Holiday)",
      },
    ]);
  });

  it("finds nothing when the values match, and skips fields one side does not carry", () => {
    expect(diffVersions(base, { ...base }, tr, "en")).toEqual([]);
    const { url: _u, ...withoutUrl } = base;
    expect(diffVersions(withoutUrl, { ...base, url: "https://other.example" }, tr, "en")).toEqual([]);
  });

  it("writes bilingual fields, lists, categories and empty values readably", () => {
    expect(displayValue("name", base.name, tr, "en")).toBe("EN: Food Bank\nFR: Banque alimentaire");
    expect(displayValue("category", "food", tr, "en")).toBe("Food");
    expect(displayValue("languages", ["en", "fr"], tr, "en")).toBe("en, fr");
    expect(displayValue("email", null, tr, "en")).toBe("(none)");
    expect(displayValue("phones", [], tr, "en")).toBe("(none)");
  });

  it("words a status, an area served and a verification level as the reader's language does, never as codes", () => {
    expect(diffVersions({ status: "active" }, { status: "defunct" }, trFr, "fr")).toEqual([
      { field: "status", mine: "Actif", theirs: "Fermé définitivement" },
    ]);
    expect(displayValue("status", "inactive", tr, "en")).toBe("Inactive");
    expect(displayValue("scope", "provincial", tr, "en")).toBe("Province-wide");
    expect(displayValue("scope", "national", trFr, "fr")).toBe("Tout le Canada");
    expect(displayValue("verificationLevel", "L3", tr, "en")).toBe("Level 3 (highest)");
    expect(displayValue("verificationLevel", "L0", trFr, "fr")).toBe("Niveau 0 (le plus bas)");
  });

  it("marks the words that differ on each side", () => {
    const parts = wordChanges("Monday 09:00–16:30; Friday", "Monday 08:30–16:30; Friday");
    // Punctuation splits words, so the two numbers of the time are marked apart.
    expect(parts.mine.filter((p) => p.changed).map((p) => p.text)).toEqual(["09", "00"]);
    expect(parts.theirs.filter((p) => p.changed).map((p) => p.text)).toEqual(["08", "30"]);
    expect(parts.mine.map((p) => p.text).join("")).toBe("Monday 09:00–16:30; Friday");
    expect(parts.theirs.map((p) => p.text).join("")).toBe("Monday 08:30–16:30; Friday");
  });
});
