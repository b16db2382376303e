import { describe, expect, it } from "vitest";
import { type DirectoryService, rankServices } from "../../shared/directory/index.js";
import { loadSeedServices } from "./seed-data.js";

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
      expect(r.results.slice(0, 5).every((x) => x.service.category === "crisis")).toBe(true);
    }
    expect(rankServices(services, "library", { now }).mode).toBe("match");
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
