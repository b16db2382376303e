import { describe, expect, it } from "vitest";
import { loadSeedServices } from "../../tests/helpers/directory/seed-data.js";
import { type DirectoryService, type RankOptions, rankServices } from "./index.js";

const services = loadSeedServices();
const now = new Date("2026-05-04T15:00:00Z"); // a Monday, 11:00 in Kingston
const top = (q: string, opts = {}) =>
  rankServices(services, q, { now, ...opts })
    .results.slice(0, 3)
    .map((r) => r.service.id);
const KINGSTON = { lat: 44.2312, lng: -76.486 };

describe("shared ranking over the seed", () => {
  it("matches across accents and languages (food / nourriture / banque alimentaire)", () => {
    const en = rankServices(services, "food", { now }).results.slice(0, 5);
    const fr = rankServices(services, "nourriture", { now }).results.slice(0, 5);
    expect(en.every((r) => r.service.category === "food")).toBe(true);
    expect(fr.every((r) => r.service.category === "food")).toBe(true);
    expect(top("hebergement")).toEqual(top("hébergement"));
    expect(rankServices(services, "hébergement", { now }).results[0].service.category).toBe("housing");
  });
  it("tolerates typos and matches prefixes", () => {
    expect(top("shleter").length).toBe(3);
    expect(services.find((s) => s.id === top("shleter")[0])?.category).toBe("housing");
    expect(top("librar")[0]).toMatch(/^kfpl-/);
  });
  it("weights the name above the description", () => {
    // "Library" is in the names of the library branches and only in their descriptions otherwise.
    const r = rankServices(services, "library", { now }).results;
    expect(r[0].service.name.en).toMatch(/Library|KFPL/);
  });
  it("puts crisis lines first when the query signals a crisis, in either language", () => {
    for (const q of ["overdose", "my partner hurts me", "je veux mourir", "suicide"]) {
      const r = rankServices(services, q, { now });
      expect(r.mode).toBe("crisis");
      expect(r.results.slice(0, 2).every((x) => x.service.category === "crisis")).toBe(true);
    }
    expect(rankServices(services, "library", { now }).mode).toBe("match");
  });
  it("treats a plain 'crisis' search as a crisis, as 'suicide' is (issue #15: the banner follows the mode)", () => {
    const r = rankServices(services, "crisis", { now });
    expect(r.mode).toBe("crisis");
    expect(r.results.slice(0, 2).every((x) => x.service.category === "crisis")).toBe(true);
    expect(rankServices(services, "Crise", { now, locale: "fr" }).mode).toBe("crisis");
  });
  it("lifts the crisis line of the right kind for indirect wording, in both languages", () => {
    const first = (q: string) => rankServices(services, q, { now }).results[0].service;
    for (const q of [
      "i dont want to be here anymore",
      "thinking about ending it",
      "pas envie de vivre",
      "en finir",
    ])
      expect(first(q).description.en, q).toMatch(/suicide crisis line|crisis and emotional support line/i);
    expect(first("my friend took too many pills").description.en).toMatch(/overdose|poison/i);
    expect(first("afraid of my boyfriend").description.en).toMatch(/abuse, violence or assault/);
    expect(first("escaping my relationship").description.en).toMatch(/abuse, violence or assault/);
    expect(first("i was raped").name.en).toMatch(/sexual assault/i);
    expect(first("my brother is hearing things").category).toBe("crisis");
  });
  it("prefers a crisis line for the group the query names, and lines for everyone otherwise", () => {
    const top2 = (q: string) =>
      rankServices(services, q, { now })
        .results.slice(0, 2)
        .map((x) => x.service.id);
    expect(top2("my teen is suicidal").some((id) => /kids-help-phone|good2talk|youthline/.test(id))).toBe(
      true,
    );
    expect(top2("i want to kill myself").some((id) => /irs|metis|mmiwg|trans|kids/.test(id))).toBe(false);
  });
  it("lifts a crisis line without burying the service asked for", () => {
    const r = rankServices(services, "my husband hits me and i need a place to stay with my kids", { now });
    expect(r.mode).toBe("crisis");
    expect(r.results[0].service.category).toBe("crisis");
    // The shelter asked for, not only more crisis lines.
    expect(r.results.slice(0, 3).some((x) => x.service.category === "housing")).toBe(true);
  });
  it("finds palliative care, not crisis lines, for end-of-life wording", () => {
    for (const q of ["hospice care for my father", "soins palliatifs pour mon pere", "end of lease"]) {
      const r = rankServices(services, q, { now });
      expect(r.mode, q).toBe("match");
      expect(r.results[0].service.category, q).not.toBe("crisis");
    }
    const palliative = rankServices(services, "hospice care for my father", { now }).results.slice(0, 3);
    expect(palliative.some((x) => /palliative/i.test(x.service.description.en))).toBe(true);
  });
  it("answers legal situations with legal help", () => {
    for (const q of [
      "i got charged with assault",
      "separation and custody of my kids",
      "immigration status expired",
      "court date next week no lawyer",
      "my employer didnt pay me",
    ]) {
      const top3 = rankServices(services, q, { now }).results.slice(0, 3);
      expect(
        top3.some((x) => x.service.category === "legal"),
        q,
      ).toBe(true);
    }
    expect(rankServices(services, "i got charged with assault", { now }).mode).toBe("match");
  });
  it("keeps each need a query names in the first three", () => {
    const top3 = rankServices(services, "lost my job need ei", { now }).results.slice(0, 3);
    expect(top3.some((x) => x.service.category === "financial")).toBe(true);
    expect(top3.some((x) => x.service.category === "employment")).toBe(true);
  });
  it("lifts a crisis line past the category filter, keeps the rest filtered, and leaves no trace", () => {
    const filtered = rankServices(services, "my husband hits me and i need a place to stay", {
      now,
      category: "housing",
    });
    expect(filtered.mode).toBe("crisis");
    // One line is lifted (another need is named); everything after it is housing, as filtered.
    expect(filtered.results[0].service.category).toBe("crisis");
    expect(filtered.results.length).toBeGreaterThan(1);
    expect(filtered.results.slice(1).every((x) => x.service.category === "housing")).toBe(true);
    const before = rankServices(services, "library", { now }).results.map((x) => [x.service.id, x.score]);
    rankServices(services, "thinking about ending it", { now });
    const after = rankServices(services, "library", { now }).results.map((x) => [x.service.id, x.score]);
    expect(after).toEqual(before);
  });
  it("lifts the same crisis lines with 'near me' on, phone-only lines included, wherever the person is", () => {
    const liftedIds = (q: string, opts: Partial<RankOptions> = {}) =>
      rankServices(services, q, { now, ...opts })
        .results.filter((x) => x.service.category === "crisis")
        .slice(0, 2)
        .map((x) => x.service.id);
    const VANCOUVER = { lat: 49.28, lng: -123.12 };
    for (const q of ["i want to kill myself", "overdose", "thinking about ending it"]) {
      const without = liftedIds(q);
      for (const location of [KINGSTON, VANCOUVER]) {
        const near = rankServices(services, q, { now, location });
        expect(near.mode, q).toBe("crisis");
        expect(liftedIds(q, { location }), q).toEqual(without);
        // 988 and the poison line serve by phone: no distance, but never left out for it.
        expect(near.results[0].distanceKm === null || near.results[0].distanceKm >= 0).toBe(true);
      }
    }
    // A danger signal with a filter and a position still gets a line first, not suggestions.
    const filtered = rankServices(services, "overdose", { now, location: KINGSTON, category: "food" });
    expect(filtered.mode).toBe("crisis");
    expect(filtered.results[0].service.category).toBe("crisis");
  });
  it("never comes back empty: suggestions with the 211 and 811 lines", () => {
    const r = rankServices(services, "zzqx wibble", { now });
    expect(r.mode).toBe("suggestions");
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.every((x) => x.suggestion)).toBe(true);
    const numbers = r.results.flatMap((x) => x.service.phones.map((p) => p.number.replace(/\D/g, "")));
    expect(numbers).toContain("211");
    expect(numbers).toContain("811");
  });
  it("answers a bare request for help with 211, then 811, as real results (issue #26)", () => {
    for (const [q, locale] of [
      ["help", "en"],
      ["I need help", "en"],
      ["somebody help me", "en"],
      ["j'ai besoin d'aide", "fr"],
      ["aidez-moi", "fr"],
      ["au secours", "fr"],
    ] as const) {
      const r = rankServices(services, q, { now, locale });
      expect(r.mode, q).toBe("match");
      expect(r.results[0].suggestion, q).toBe(false);
      const lines = r.results.slice(0, 2).map((x) => x.service.phones[0]?.number.replace(/\D/g, ""));
      expect(lines, q).toEqual(["211", "811"]);
    }
    // A need named beside the help words is searched as that need, and a crisis stays a crisis.
    expect(services.find((s) => s.id === top("help me find a food bank")[0])?.category).toBe("food");
    expect(rankServices(services, "help me im suicidal", { now }).mode).toBe("crisis");
  });
  it("answers a walk-in clinic or family doctor with a clinic, an emergency room with one (issue #26)", () => {
    const first = (q: string, locale: "en" | "fr" = "en") =>
      rankServices(services, q, { now, locale }).results[0].service;
    for (const [q, locale] of [
      ["walk in clinic", "en"],
      ["walk-in clinic", "en"],
      ["family doctor", "en"],
      ["doctor", "en"],
      ["need a doctor", "en"],
      ["clinique sans rendez-vous", "fr"],
      ["médecin de famille", "fr"],
    ] as const) {
      const s = first(q, locale);
      expect(s.description.en, q).not.toMatch(/emergency department/i);
    }
    for (const q of ["emergency room", "er wait", "urgences"])
      expect(first(q).description.en, q).toMatch(/emergency department/i);
  });
  it("suggests the closest categories for a near-miss query", () => {
    const r = rankServices(services, "grocerys voucher", { now, category: "legal" });
    expect(r.mode).toBe("suggestions");
    expect(r.categories).toContain("legal");
  });
  it("computes distance with a location and applies the radius to located services only", () => {
    const r = rankServices(services, "food bank", { now, location: KINGSTON, radiusKm: 10 });
    const located = r.results.filter((x) => x.distanceKm !== null);
    expect(located.length).toBeGreaterThan(0);
    expect(located.every((x) => (x.distanceKm ?? 0) <= 10)).toBe(true);
    const far = rankServices(services, "food bank", {
      now,
      location: { lat: 49.28, lng: -123.12 },
      radiusKm: 10,
    });
    expect(far.results.every((x) => x.distanceKm === null)).toBe(true);
  });
  it("filters by category and open-now", () => {
    const r = rankServices(services, "lawyer", { now, category: "legal" });
    expect(r.results.every((x) => x.service.category === "legal")).toBe(true);
    const sundayNight = new Date("2026-05-04T06:00:00Z"); // Monday 02:00 in Kingston
    const open = rankServices(services, "shelter", { now: sundayNight, openNow: true }).results;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((x) => x.openNow === true)).toBe(true);
  });
  it("skips retired services and boosts verified, fresh records", () => {
    const base = services.find((s) => s.id === "partners-in-mission-food-bank") as DirectoryService;
    const twin = (
      id: string,
      level: DirectoryService["verificationLevel"],
      lastVerified: string,
    ): DirectoryService => ({ ...base, id, verificationLevel: level, lastVerified });
    const list = [
      twin("old", "L1", "2020-01-01T00:00:00Z"),
      twin("fresh", "L2", "2026-04-01T00:00:00Z"),
      { ...twin("gone", "L3", "2026-04-01T00:00:00Z"), status: "defunct" as const },
    ];
    const ids = rankServices(list, "food bank", { now }).results.map((r) => r.service.id);
    expect(ids).toEqual(["fresh", "old"]);
  });
  it("is deterministic, and a limited ranking is the head of the full one", () => {
    expect(top("legal")).toEqual(top("legal"));
    for (const q of ["legal", "hébergement", "I need someone to talk to", "food"]) {
      const full = rankServices(services, q, { now });
      const head = rankServices(services, q, { now, limit: 5 });
      expect(head.results.map((r) => r.service.id)).toEqual(
        full.results.slice(0, 5).map((r) => r.service.id),
      );
      expect(head.total).toBe(full.results.length);
    }
  });
});

describe("a crisis signalled while a filter is set", () => {
  it("still puts a crisis line first and says it is a crisis, whatever the category or distance", () => {
    const filters: RankOptions[] = [
      { category: "food" },
      { category: "legal" },
      { location: KINGSTON, radiusKm: 1 },
    ];
    for (const opts of filters) {
      const r = rankServices(services, "i want to kill myself", { now, ...opts });
      expect(r.mode, JSON.stringify(opts)).toBe("crisis");
      expect(r.results[0].service.category, JSON.stringify(opts)).toBe("crisis");
    }
  });
});
